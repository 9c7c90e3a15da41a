import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { loadMoreFooter } from '../common/LoadMoreFooter';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { usePagedList } from '../common/usePagedList';
import { useBanners } from '../shell/banners';
import { ApiError } from '../settings/graphql';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { deleteConsentDocument, getConsentDocuments, type ConsentDocument } from './api';
import { ConsentDocumentModal } from './ConsentDocumentModal';
import '../i18n/features/documents';

type View = 'active' | 'archived';

/** /app/settings/documents: the practice's consent documents — add, edit (a new version), archive (never deleted). */
export default function ConsentDocumentsPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const banners = useBanners();
  const [view, setView] = useState<View>('active');
  const [editing, setEditing] = useState<ConsentDocument | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ConsentDocument | null>(null);
  const [archiveBusy, setArchiveBusy] = useState(false);
  const [archiveFailure, setArchiveFailure] = useState<string | ApiError | null>(null);

  const list = usePagedList<ConsentDocument>((token) => getConsentDocuments(view === 'archived', token), [view]);
  const docs = list.rows;
  const setDocs = list.update;

  const onSaved = (saved: ConsentDocument) => {
    const added = editing === 'new';
    setEditing(null);
    setDocs((list) => (added ? [...list, saved] : list.map((d) => (d.id === saved.id ? saved : d))));
    banners.show('success', added ? t('documents.added', { title: saved.title }) : t('documents.saved', { title: saved.title, version: saved.version }));
  };

  const archive = async () => {
    if (!archiving) return;
    setArchiveBusy(true);
    setArchiveFailure(null);
    try {
      await deleteConsentDocument(archiving.id);
      setDocs((list) => list.filter((d) => d.id !== archiving.id));
      banners.show('success', t('documents.archivedDone', { title: archiving.title }));
      setArchiving(null);
    } catch (error) {
      setArchiveFailure(error instanceof ApiError ? error : ((error as Error).message ?? ''));
    } finally {
      setArchiveBusy(false);
    }
  };

  const active = view === 'active';
  return (
    <>
      <Table
        variant="full-page"
        loading={list.loading && docs.length === 0}
        loadingText={t('documents.loading')}
        items={docs}
        trackBy="id"
        ariaLabels={{ tableLabel: t('documents.title') }}
        header={
          <Header
            variant="h1"
            description={t('documents.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <SegmentedControl
                  label={t('documents.view.label')}
                  selectedId={view}
                  onChange={({ detail }) => setView(detail.selectedId as View)}
                  options={[
                    { id: 'active', text: t('documents.view.active') },
                    { id: 'archived', text: t('documents.view.archived') },
                  ]}
                />
                {active && (
                  <Button variant="primary" onClick={() => setEditing('new')}>
                    {t('documents.add')}
                  </Button>
                )}
              </SpaceBetween>
            }
          >
            {t('documents.title')}
          </Header>
        }
        empty={<Box textAlign="center">{active ? t('documents.empty') : t('documents.emptyArchived')}</Box>}
        footer={loadMoreFooter(list, t('documents.loadMore'))}
        columnDefinitions={[
          { id: 'title', header: t('documents.column.title'), cell: (d) => d.title, isRowHeader: true },
          { id: 'included', header: t('documents.column.included'), cell: (d) => (d.included ? t('documents.yes') : t('documents.no')) },
          { id: 'version', header: t('documents.column.version'), cell: (d) => d.version },
          { id: 'updated', header: t('documents.column.updated'), cell: (d) => i18n.formatDate(d.archivedAt ?? d.updatedAt, { style: 'timestamp' }) },
          {
            id: 'actions',
            header: t('documents.column.actions'),
            cell: (d) =>
              d.status === 'ACTIVE' ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" ariaLabel={t('documents.editLabel', { title: d.title })} onClick={() => setEditing(d)}>
                    {t('documents.edit')}
                  </Button>
                  <Button
                    variant="inline-link"
                    ariaLabel={t('documents.archiveLabel', { title: d.title })}
                    onClick={() => {
                      setArchiveFailure(null);
                      setArchiving(d);
                    }}
                  >
                    {t('documents.archive')}
                  </Button>
                </SpaceBetween>
              ) : (
                <Box color="text-body-secondary">{t('documents.archivedState')}</Box>
              ),
          },
        ]}
      />
      {editing && <ConsentDocumentModal doc={editing === 'new' ? null : editing} onDismiss={() => setEditing(null)} onSaved={onSaved} />}
      {archiving && (
        <Modal
          visible
          onDismiss={() => setArchiving(null)}
          header={t('documents.archiveTitle', { title: archiving.title })}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setArchiving(null)}>
                  {t('documents.cancel')}
                </Button>
                <Button variant="primary" loading={archiveBusy} onClick={() => void archive()}>
                  {t('documents.archive')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            {archiveFailure !== null && <SystemErrorAlert detail={archiveFailure} />}
            <Box>{t('documents.archiveExplained')}</Box>
          </SpaceBetween>
        </Modal>
      )}
    </>
  );
}
