/**
 * /app/data-export (issue 18; the spec names no route; DataExport: owner and clinicianAdmin): the
 * practice's data, complete, zipped in the background — JSON Lines per entity, CSV for the tabular
 * ones, the audit trail — with its progress, then a download link that expires; or one client's
 * complete record for a records request. The latest ten exports are listed.
 */
import Alert from '@cloudscape-design/components/alert';
import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { getClients } from '../clients/api';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/admin';
import { reportApiError } from '../shell/banners';
import { getDataExport, listDataExports, startDataExport, type DataExport } from './api';

const STATUS: Record<string, 'pending' | 'in-progress' | 'success' | 'error'> = { QUEUED: 'pending', RUNNING: 'in-progress', DONE: 'success', FAILED: 'error' };
const POLL_MS = 1500;

export default function DataExportPage() {
  const { t } = useI18n();
  const [jobs, setJobs] = useState<DataExport[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [clientId, setClientId] = useState<string | null>(null);
  const [latest, setLatest] = useState<DataExport | null>(null);

  useEffect(() => {
    listDataExports().then(setJobs, reportApiError).finally(() => setLoading(false));
  }, []);

  // Follows the export just started until it is done (one read every 1.5 s while the page is open).
  useEffect(() => {
    if (!latest || latest.status === 'DONE' || latest.status === 'FAILED') return;
    const timer = setTimeout(() => {
      getDataExport(latest.id).then((job) => {
        setLatest(job);
        setJobs((current) => current.map((j) => (j.id === job.id ? job : j)));
      }, reportApiError);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [latest]);

  useEffect(() => {
    if (search.trim().length < 2) return;
    let live = true;
    getClients(search.trim(), null).then((page) => {
      if (live) setOptions(page.items.map((c) => ({ value: c.id, label: [c.personalDetail.first, c.personalDetail.last].join(' ') })));
    }, reportApiError);
    return () => { live = false; };
  }, [search]);

  const start = async (forClient: string | null) => {
    setBusy(true);
    try {
      const job = await startDataExport(forClient);
      setLatest(job);
      setJobs((current) => [job, ...current].slice(0, 10));
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const download = async (id: string) => {
    try {
      const job = await getDataExport(id);
      if (job.downloadUrl) window.location.assign(job.downloadUrl);
    } catch (error) {
      reportApiError(error);
    }
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('admin.export.intro')}>{t('admin.export.title')}</Header>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2" description={t('admin.export.practiceHint')}>{t('admin.export.practice')}</Header>}>
          <SpaceBetween size="m">
            <Button variant="primary" loading={busy} onClick={() => void start(null)}>{t('admin.export.start')}</Button>
            {latest ? (
              <Alert type={latest.status === 'FAILED' ? 'error' : latest.status === 'DONE' ? 'success' : 'info'}>
                {latest.status === 'DONE' ? t('admin.export.ready', { count: latest.records }) : latest.status === 'FAILED' ? t('admin.export.failed') : t('admin.export.progress', { count: latest.records, current: latest.current ?? '' })}
              </Alert>
            ) : null}
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2" description={t('admin.export.clientHint')}>{t('admin.export.client')}</Header>}>
          <SpaceBetween direction="horizontal" size="s">
            <FormField label={t('admin.export.findClient')}>
              <Autosuggest
                value={search}
                options={options}
                enteredTextLabel={(v) => v}
                placeholder={t('admin.export.findClientPlaceholder')}
                empty={t('admin.export.noClient')}
                onChange={(e) => { setSearch(e.detail.value); setClientId(null); }}
                onSelect={(e) => { const o = options.find((x) => x.value === e.detail.value); setClientId(o?.value ?? null); setSearch(o?.label ?? ''); }}
              />
            </FormField>
            <Box padding={{ top: 'l' }}><Button disabled={!clientId} loading={busy} onClick={() => void start(clientId)}>{t('admin.export.startClient')}</Button></Box>
          </SpaceBetween>
        </Container>
        <Table
          header={<Header variant="h2">{t('admin.export.history')}</Header>}
          items={jobs}
          trackBy="id"
          loading={loading}
          loadingText={t('admin.export.loading')}
          empty={<Box textAlign="center">{t('admin.export.none')}</Box>}
          columnDefinitions={[
            { id: 'createdAt', header: t('admin.export.started'), cell: (j) => formatPracticeDateTime(j.createdAt) },
            { id: 'scope', header: t('admin.export.scope'), cell: (j) => (j.clientId ? t('admin.export.scopeClient') : t('admin.export.scopePractice')) },
            { id: 'status', header: t('admin.export.status'), cell: (j) => <StatusIndicator type={STATUS[j.status]}>{t(`admin.export.status.${j.status}`)}</StatusIndicator> },
            { id: 'records', header: t('admin.export.records'), cell: (j) => j.records },
            { id: 'download', header: t('admin.export.download'), cell: (j) => (j.status === 'DONE' ? <Link onFollow={(e) => { e.preventDefault(); void download(j.id); }} href="#">{t('admin.export.downloadZip')}</Link> : '—') },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
