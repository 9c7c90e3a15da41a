/**
 * The client's consent documents and intake forms on their page (issue 12): what they signed (which
 * version, typed name, when, from where), what waits for them, the answers they sent — reviewed and
 * accepted into their details here — and Share documents (to their portal; the e-mail names only
 * the practice). Roles or plans without the client portal see nothing (the API refuses the read).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useI18n } from '../i18n/I18nProvider';
import { useViewer } from '../shell/ViewerContext';
import { ApiError } from '../settings/graphql';
import { acceptIntakeAnswers, getClientDocuments, getSignedConsentPdf, type ClientDocument } from '../documents/api';
import { reportApiError, useBanners } from '../shell/banners';
import { ShareDocumentsModal } from './ShareDocumentsModal';
import '../i18n/portal-messages';
import type { ChartTabProps } from './chart-tabs';
import '../i18n/features/documents';

const INDICATOR: Record<ClientDocument['status'], StatusIndicatorProps.Type> = { TO_SIGN: 'pending', SIGNED: 'success', TO_FILL: 'pending', SUBMITTED: 'in-progress', ACCEPTED: 'success' };

function answerText(value: unknown, yes: string, no: string): string {
  if (typeof value === 'boolean') return value ? yes : no;
  if (Array.isArray(value)) return value.join(', ');
  return String((value as string | number | null | undefined) ?? '');
}

export function ClientDocuments({ clientId, client, onClientChanged }: ChartTabProps) {
  const clientVersion = client.version;
  const { t, formatDate } = useI18n();
  const banners = useBanners();
  const viewer = useViewer();
  const practiceId = viewer.status === 'ready' ? viewer.me.practiceId : null;
  const [docs, setDocs] = useState<ClientDocument[] | null>(null);
  const [hidden, setHidden] = useState(false);
  const [reviewing, setReviewing] = useState<ClientDocument | null>(null);
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | ApiError | null>(null);

  const load = useCallback(async () => {
    if (!practiceId) return;
    try {
      setDocs(await getClientDocuments(practiceId, clientId));
    } catch {
      setHidden(true);
    }
  }, [practiceId, clientId]);
  useEffect(() => void load(), [load]);

  if (hidden || !docs) return null;

  const accept = async () => {
    if (!reviewing?.submissionId) return;
    setBusy(true);
    setFailure(null);
    try {
      await acceptIntakeAnswers(clientId, reviewing.submissionId, clientVersion);
      banners.show('success', t('clientDocs.accepted', { title: reviewing.title }));
      setReviewing(null);
      onClientChanged();
      await load();
    } catch (error) {
      setFailure(error instanceof ApiError ? error : ((error as Error).message ?? ''));
    } finally {
      setBusy(false);
    }
  };

  const download = async (d: ClientDocument) => {
    try {
      const pdf = await getSignedConsentPdf(clientId, d.id, d.version ?? 0);
      const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: pdf.contentType }));
      const link = document.createElement('a');
      link.href = url;
      link.download = pdf.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      reportApiError(error);
    }
  };

  const detailOf = (d: ClientDocument): string => {
    if (d.status === 'SIGNED') return t('clientDocs.signedDetail', { name: d.typedName ?? '', date: d.signedAt ? formatDate(d.signedAt, { style: 'timestamp' }) : '', version: d.version ?? 0, ip: d.ip ?? '' });
    if (d.status === 'TO_SIGN') return t('clientDocs.toSignDetail', { version: d.version ?? 0 });
    if (d.submittedAt) return t('clientDocs.sentDetail', { date: formatDate(d.submittedAt, { style: 'timestamp' }) });
    return '';
  };
  const answers = reviewing?.answers ? (JSON.parse(reviewing.answers) as Record<string, unknown>) : {};
  const fields = reviewing?.form ? reviewing.form.sections.flatMap((s) => s.fields).filter((f) => answers[f.key] !== undefined) : [];

  return (
    <>
      <Table
        items={docs}
        trackBy={(d) => `${d.kind}:${d.id}`}
        ariaLabels={{ tableLabel: t('clientDocs.title') }}
        header={
          <Header variant="h2" description={t('clientDocs.description')} actions={<Button onClick={() => setSharing(true)}>{t('clientDocs.share')}</Button>}>
            {t('clientDocs.title')}
          </Header>
        }
        empty={<Box textAlign="center">{t('clientDocs.empty')}</Box>}
        stickyColumns={{ first: 0, last: 1 }}
        columnDefinitions={[
          { id: 'title', header: t('clientDocs.column.document'), cell: (d) => d.title, isRowHeader: true },
          { id: 'kind', header: t('clientDocs.column.kind'), cell: (d) => t(d.kind === 'CONSENT' ? 'clientDocs.kind.consent' : 'clientDocs.kind.intake') },
          { id: 'status', header: t('clientDocs.column.status'), cell: (d) => <StatusIndicator type={INDICATOR[d.status]}>{t(`clientDocs.status.${d.status}`)}</StatusIndicator> },
          { id: 'detail', header: t('clientDocs.column.detail'), cell: detailOf },
          {
            // Wide enough for "Download PDF" on one line, kept in view when the table scrolls sideways.
            id: 'actions',
            minWidth: 160,
            header: t('clientDocs.column.actions'),
            cell: (d) =>
              d.kind === 'CONSENT' && d.status === 'SIGNED' ? (
                <Button variant="inline-link" ariaLabel={t('clientDocs.downloadOf', { title: d.title })} onClick={() => void download(d)}>
                  {t('clientDocs.download')}
                </Button>
              ) : d.kind === 'INTAKE_FORM' && d.answers ? (
                <Button variant="inline-link" ariaLabel={t('clientDocs.reviewOf', { title: d.title })} onClick={() => { setFailure(null); setReviewing(d); }}>
                  {t('clientDocs.review')}
                </Button>
              ) : null,
          },
        ]}
      />
      {reviewing && (
        <Modal
          visible
          size="large"
          onDismiss={() => setReviewing(null)}
          header={reviewing.title}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setReviewing(null)}>{t('documents.cancel')}</Button>
                {reviewing.status === 'SUBMITTED' && (
                  <Button variant="primary" loading={busy} onClick={() => void accept()}>{t('clientDocs.accept')}</Button>
                )}
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="m">
            {failure !== null && <SystemErrorAlert detail={failure} />}
            <Box>{reviewing.status === 'SUBMITTED' ? t('clientDocs.acceptExplained') : t('clientDocs.acceptedAlready')}</Box>
            <Container>
              <KeyValuePairs columns={2} items={fields.map((f) => ({ label: f.label, value: answerText(answers[f.key], t('documents.yes'), t('documents.no')) }))} />
            </Container>
          </SpaceBetween>
        </Modal>
      )}
      {sharing && (
        <ShareDocumentsModal
          clientId={clientId}
          onDismiss={() => setSharing(false)}
          onShared={() => {
            setSharing(false);
            banners.show('success', t('clientDocs.shared'));
            void load();
          }}
        />
      )}
    </>
  );
}
