import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Alert from '@cloudscape-design/components/alert';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { isOtp } from '../auth/validation';
import { useI18n } from '../i18n/I18nProvider';
import { confirmProvider } from './api';
import '../i18n/pages/signup';

interface Props {
  email: string;
  onVerified(): void;
  onDismiss(): void;
}

function serverMessage(error: unknown): string {
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : '';
  return message || MESSAGES.confirmationFailed;
}

/**
 * The Confirm Email modal (spec part 1 §2): the e-mailed code, Verify, and Resend code. Used by the
 * sign-up wizard and by sign-in for an unconfirmed user. On success the staged provider is
 * finalized (post-confirmation does it; confirmProvider reports and repairs).
 */
export function ConfirmEmailModal({ email, onVerified, onDismiss }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t, tm } = useI18n();

  const verify = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setNotice(null);
    if (!isOtp(code)) return setError(MESSAGES.invalidCode);
    setBusy(true);
    setError(null);
    try {
      await confirmSignUp({ username: email, confirmationCode: code.trim() });
      // Best effort: the trigger already finalized; this only repairs a trigger that failed.
      await confirmProvider(email).catch(() => undefined);
      onVerified();
    } catch (e) {
      setError(serverMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      await resendSignUpCode({ username: email });
      setNotice(t('confirmEmail.resent'));
    } catch (e) {
      setError(serverMessage(e));
    }
  };

  return (
    <Modal
      visible
      closeAriaLabel={t('common.close')}
      size="medium"
      header={t('confirmEmail.title')}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => void resend()}>{t('confirmEmail.resend')}</Button>
            <Button variant="primary" loading={busy} onClick={() => void verify()}>
              {t('signin.verify')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={(e) => void verify(e)} noValidate>
        <SpaceBetween size="m">
          <Box variant="p">{t('confirmEmail.intro')}</Box>
          {notice && <Alert type="success">{notice}</Alert>}
          <FormField label={t('confirmEmail.code')} errorText={error ? tm(error) : undefined}>
            <Input inputMode="numeric" autoComplete="one-time-code" autoFocus value={code} onChange={({ detail }) => setCode(detail.value)} />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
