import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { CONSENT_MAX } from '../../../domain/documents/consent';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { ApiError } from '../settings/graphql';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { addConsentDocument, editConsentDocument, type ConsentDocument } from './api';
import '../i18n/features/documents';

/** Add a consent document, or edit one (a new version: clients who signed an earlier text sign again). */
export function ConsentDocumentModal({ doc, onDismiss, onSaved }: { doc: ConsentDocument | null; onDismiss: () => void; onSaved: (saved: ConsentDocument) => void }) {
  const { t } = useI18n();
  const [title, setTitle] = useState(doc?.title ?? '');
  const [details, setDetails] = useState(doc?.details ?? '');
  const [included, setIncluded] = useState(doc?.included ?? false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | ApiError | null>(null);

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onSaved(doc ? await editConsentDocument(doc, title, details, included) : await addConsentDocument(title, details, included));
    } catch (error) {
      setFailure(error instanceof ApiError ? error : ((error as Error).message ?? ''));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={doc ? t('documents.modal.editTitle') : t('documents.modal.addTitle')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('documents.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void save()}>
              {t('documents.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure !== null && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
        <FormField label={t('documents.field.title')}>
          <Input value={title} onChange={({ detail }) => setTitle(detail.value)} ariaRequired />
        </FormField>
        <FormField
          label={t('documents.field.details')}
          description={doc ? t('documents.field.detailsHint') : undefined}
          constraintText={t('documents.field.detailsLimit', { count: details.length, max: CONSENT_MAX.details })}
        >
          <Textarea value={details} rows={14} onChange={({ detail }) => setDetails(detail.value)} ariaRequired />
        </FormField>
        <Checkbox checked={included} onChange={({ detail }) => setIncluded(detail.checked)} description={t('documents.field.includedHint')}>
          {t('documents.field.included')}
        </Checkbox>
      </SpaceBetween>
    </Modal>
  );
}
