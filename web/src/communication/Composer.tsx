import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useRef, useState } from 'react';
import { declaredAttachmentProblem, MAX_ATTACHMENTS, MAX_MESSAGE_LENGTH } from '../../../domain/messaging/rules';
import { MESSAGING_REFUSALS } from '../../../domain/messaging/api';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { serverMessage } from '../shell/banner-state';
import { sendMessage, type SecureMessage } from './api';
import './messages';

/** Write a message, attach PDF, JPG or PNG files (≤ 10 MB each), send. The API checks again on the stored bytes. */
export function Composer({ conversationId, onSent }: { conversationId: string; onSent: (m: SecureMessage) => void }) {
  const { t, tm } = useI18n();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const add = (chosen: FileList | null) => {
    const picked = Array.from(chosen ?? []);
    const bad = picked.map((f) => declaredAttachmentProblem(f.type, f.size)).find((p) => p !== null);
    if (bad) setProblem(tm(MESSAGING_REFUSALS[bad]));
    else if (files.length + picked.length > MAX_ATTACHMENTS) setProblem(tm(MESSAGING_REFUSALS.tooMany));
    else setFiles((current) => [...current, ...picked]);
    if (input.current) input.current.value = '';
  };

  const send = async () => {
    if (!text.trim() && files.length === 0) {
      setProblem(tm(MESSAGING_REFUSALS.empty));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      onSent(await sendMessage(conversationId, text, files));
      setText('');
      setFiles([]);
    } catch (error) {
      setProblem(tm(serverMessage(error) ?? t('messaging.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <SpaceBetween size="s">
        {problem ? <Alert type="error" dismissible onDismiss={() => setProblem(null)}>{problem}</Alert> : null}
        <FormField label={t('messaging.compose')} description={t('messaging.composeHint')}>
          <Textarea value={text} onChange={({ detail }) => setText(detail.value.slice(0, MAX_MESSAGE_LENGTH))} rows={3} ariaLabel={t('messaging.compose')} />
        </FormField>
        {files.length > 0 ? (
          <ul aria-label={t('messaging.attachments')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name} <Button variant="inline-link" ariaLabel={t('messaging.removeFile', { name: f.name })} onClick={() => setFiles((c) => c.filter((_, j) => j !== i))}>{t('messaging.remove')}</Button>
              </li>
            ))}
          </ul>
        ) : null}
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <input ref={input} type="file" accept="application/pdf,image/jpeg,image/png" multiple hidden onChange={(e) => add(e.target.files)} data-testid="attach-input" aria-label={t('messaging.attach')} />
            <Button iconName="upload" onClick={() => input.current?.click()} disabled={sending}>{t('messaging.attach')}</Button>
            <Button variant="primary" formAction="submit" loading={sending}>{t('messaging.send')}</Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
    </form>
  );
}
