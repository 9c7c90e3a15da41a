/** Share consent documents and intake forms to a client's portal (issue 12): the note is shown in the portal, never e-mailed. */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useI18n } from '../i18n/I18nProvider';
import { reportApiError } from '../shell/banners';
import { ApiError } from '../settings/graphql';
import { getConsentDocuments, getIntakeFormSettings, shareClientDocuments } from '../documents/api';
import '../i18n/portal-messages';
import '../i18n/features/documents';

export function ShareDocumentsModal({ clientId, onDismiss, onShared }: { clientId: string; onDismiss: () => void; onShared: () => void }) {
  const { t } = useI18n();
  const [options, setOptions] = useState<MultiselectProps.OptionGroup[]>([]);
  const [selected, setSelected] = useState<readonly MultiselectProps.Option[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | ApiError | null>(null);

  useEffect(() => {
    // The settings reads need the Documents and Notes and Forms rights: a caller without one offers what the other gives.
    void (async () => {
      const [docs, forms] = await Promise.all([
        getConsentDocuments(false, null).then((p) => p.items).catch(() => []),
        getIntakeFormSettings().then((s) => s.forms).catch(() => []),
      ]).catch((error) => {
        reportApiError(error);
        return [[], []] as const;
      });
      setOptions([
        { label: t('clientDocs.kind.consent'), options: docs.map((d) => ({ value: d.id, label: d.title })) },
        { label: t('clientDocs.kind.intake'), options: forms.map((f) => ({ value: f.formName, label: f.title })) },
      ]);
    })();
  }, [t]);

  const share = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await shareClientDocuments(clientId, selected.map((o) => o.value as string), note);
      onShared();
    } catch (error) {
      setFailure(error instanceof ApiError ? error : ((error as Error).message ?? ''));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('clientDocs.shareTitle')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('documents.cancel')}</Button>
            <Button variant="primary" loading={busy} onClick={() => void share()}>{t('clientDocs.share')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure !== null && <SystemErrorAlert detail={failure} />}
        <FormField label={t('clientDocs.shareWhat')}>
          <Multiselect selectedOptions={selected} options={options} onChange={({ detail }) => setSelected(detail.selectedOptions)} placeholder={t('clientDocs.sharePlaceholder')} />
        </FormField>
        <FormField label={t('clientDocs.note')} description={t('clientDocs.noteHint')}>
          <Textarea value={note} onChange={({ detail }) => setNote(detail.value)} rows={3} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
