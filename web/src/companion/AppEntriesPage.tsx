/**
 * An app page (issue 14): /app/dbt-coach, /app/cbt-companion, /app/act-coach, /app/mi-coach,
 * /app/dbt-daily, /app/ifs-companion — the practice's clients who share the app (own clients for an
 * own-only role), who needs attention (an urge of 4 or more in the last 7 days), and the chosen
 * client's stats and entries (ClientEntries); for the owner and admins, the app's hide flags (AppFlagsPanel).
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { appForRoute } from '../../../domain/companion/apps';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/companion';
import { reportApiError } from '../shell/banners';
import { listCompanionClients, type AppClient } from './api';
import { ClientEntries } from './ClientEntries';
import { AppFlagsPanel } from './AppFlagsPanel';
import { PERMISSIONS, holds } from '../../../domain/permissions';
import { useViewer } from '../shell/ViewerContext';

const WEEK_MS = 7 * 86400000;

export default function AppEntriesPage() {
  const { t } = useI18n();
  const app = appForRoute(useLocation().pathname) ?? 'DBT_COACH';
  const [clients, setClients] = useState<AppClient[] | null>(null);
  const [selected, setSelected] = useState<AppClient | null>(null);
  const viewer = useViewer();
  const setsFlags = viewer.status === 'ready' && holds(PERMISSIONS.practiceDetails, viewer.viewer.roles, viewer.viewer.groups);
  useEffect(() => {
    setClients(null);
    setSelected(null);
    listCompanionClients(app).then((list) => {
      setClients(list);
      setSelected(list.find((c) => c.state === 'SHARING') ?? null);
    }, reportApiError);
  }, [app]);
  const sharing = (clients ?? []).filter((c) => c.state === 'SHARING');
  const recent = new Date(Date.now() - WEEK_MS).toISOString().slice(0, 10);
  const attention = sharing.filter((c) => c.lastHighUrgeDate && c.lastHighUrgeDate >= recent);
  return (
    <ContentLayout header={<Header variant="h1" description={t('companion.pageIntro')}>{t(`companion.app.${app}`)}</Header>}>
      <SpaceBetween size="l">
        {attention.length > 0 ? (
          <Alert type="warning" header={t('companion.attention')}>
            {attention.map((c) => `${c.clientName ?? c.clientId} (${c.lastHighUrgeDate})`).join(', ')}
          </Alert>
        ) : null}
        <Table
          header={<Header variant="h2" counter={`(${sharing.length})`}>{t('companion.sharingClients')}</Header>}
          items={sharing}
          loading={clients === null}
          loadingText={t('companion.loading')}
          selectionType="single"
          selectedItems={selected ? [selected] : []}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems[0] ?? null)}
          trackBy="clientId"
          ariaLabels={{ itemSelectionLabel: (_s, c) => c.clientName ?? c.clientId, selectionGroupLabel: t('companion.sharingClients') }}
          empty={<Box textAlign="center">{t('companion.noClients')}</Box>}
          columnDefinitions={[
            { id: 'name', header: t('companion.client'), cell: (c) => c.clientName ?? c.clientId },
            { id: 'last', header: t('companion.lastEntry'), cell: (c) => (c.lastEntryDate ? formatPracticeDate(c.lastEntryDate) : '-') },
            { id: 'attention', header: t('companion.attention'), cell: (c) => (c.lastHighUrgeDate && c.lastHighUrgeDate >= recent ? <StatusIndicator type="warning">{c.lastHighUrgeDate}</StatusIndicator> : '-') },
          ]}
        />
        {selected ? (
          <SpaceBetween size="s">
            <Header variant="h2">{selected.clientName ?? selected.clientId}</Header>
            <ClientEntries key={selected.clientId + app} clientId={selected.clientId} app={app} />
          </SpaceBetween>
        ) : null}
        {setsFlags ? <AppFlagsPanel app={app} /> : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
