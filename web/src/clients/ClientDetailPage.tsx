import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tabs from '@cloudscape-design/components/tabs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { routeAccess } from '../../../domain/route-access';
import { useViewer } from '../shell/ViewerContext';
import { mayCall } from '../common/api-rights';
import { CHART_TABS } from './chart-tabs';
import { getClient, restoreClient, toApiError, type ApiError, type Client } from './api';
import { formatPracticeDate } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import { CLIENT_MESSAGE_KEYS, clientName } from './client-fields';
import { reportApiError, useBanners } from '../shell/banners';
import type { ClientsPageState } from './ClientsPage';
import { useClientRights } from './useClientRights';
import { HOME_PATH } from '../shell/paths';
import '../i18n/portal-messages';

// The form and the confirmation load when first opened: the list itself stays light.
const ClientFormModal = lazy(() =>
  import('./ClientFormModal').then((m) => ({
    default: m.ClientFormModal,
  }))
);
const RemoveClientModal = lazy(() =>
  import('./RemoveClientModal').then((m) => ({
    default: m.RemoveClientModal,
  }))
);

type Load = { status: 'loading' } | { status: 'ready'; client: Client } | { status: 'missing' } | { status: 'failed'; error: ApiError };

function BackLink() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Link
      href={HOME_PATH}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(HOME_PATH);
      }}
    >
      {t('clients.back')}
    </Link>
  );
}

/**
 * One client: their chart — Edit and Remove (Restore when archived) above one tab per domain
 * (chart-tabs.ts: details and portal access, appointments and notes, messages, documents, …); the
 * open tab is in the address (`?tab=`). Missing and other practices' ids look the same.
 */
export default function ClientDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const rights = useClientRights();
  const banners = useBanners();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const t = useT();
  const viewer = useViewer();
  const [search, setSearch] = useSearchParams();

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    getClient(id)
      .then((client) => live && setLoad(client ? { status: 'ready', client } : { status: 'missing' }))
      .catch((caught) => {
        if (!live) return;
        const error = toApiError(caught);
        if (error.errorType === 'NotFound') return setLoad({ status: 'missing' });
        reportApiError(error);
        setLoad({ status: 'failed', error });
      });
    return () => {
      live = false;
    };
  }, [id]);

  if (load.status === 'loading') {
    return <StatusIndicator type="loading">{t('clients.loadingOne')}</StatusIndicator>;
  }
  if (load.status === 'missing') {
    return (
      <ContentLayout header={<Header variant="h1">{t(CLIENT_MESSAGE_KEYS.notFound)}</Header>}>
        <BackLink />
      </ContentLayout>
    );
  }
  if (load.status === 'failed') {
    return (
      <BackLink />
    );
  }

  const { client } = load;
  const ready = viewer.status === 'ready' ? viewer.viewer : null;
  const tabs = CHART_TABS.filter(
    (entry) =>
      (client.active || entry.archived) &&
      (!entry.route || (ready !== null && routeAccess(entry.route, ready) === 'allowed')) &&
      (!entry.field || (ready !== null && mayCall(entry.field, ready.roles, ready.plan, ready.groups))),
  );
  const wanted = search.get('tab');
  const activeTab = tabs.some((entry) => entry.id === wanted) ? (wanted as string) : (tabs[0]?.id ?? '');
  const reread = () => void getClient(client.id).then((fresh) => fresh && setLoad({ status: 'ready', client: fresh }));
  const restore = async () => {
    setRestoring(true);
    try {
      const restored = await restoreClient(client.id);
      setLoad({ status: 'ready', client: restored });
      banners.show('success', t('clients.restored', { name: clientName(restored) }));
    } catch (error) {
      reportApiError(error);
    } finally {
      setRestoring(false);
    }
  };
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <BackLink />
          <Header
            variant="h1"
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {client.active && <Button onClick={() => setEditing(true)}>{t('clients.edit')}</Button>}
                {client.active && rights.canRemove && <Button onClick={() => setRemoving(true)}>{t('clients.remove')}</Button>}
              </SpaceBetween>
            }
          >
            {clientName(client)}
          </Header>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        {!client.active && (
          <Alert
            type="info"
            action={rights.canRemove ? <Button onClick={() => void restore()} loading={restoring}>{t('clients.restore')}</Button> : undefined}
          >
            {t('clients.archivedNotice')}
          </Alert>
        )}
        <Tabs
          activeTabId={activeTab}
          onChange={({ detail }) => setSearch(detail.activeTabId === tabs[0]?.id ? {} : { tab: detail.activeTabId }, { replace: true })}
          ariaLabel={t('clients.tabs')}
          tabs={tabs.map(({ id: tabId, label, Component }) => ({
            id: tabId,
            label: t(label),
            content: (
              <Suspense fallback={<StatusIndicator type="loading">{t('clients.tabLoading')}</StatusIndicator>}>
                <Component clientId={client.id} client={client} onClientChanged={reread} />
              </Suspense>
            ),
          }))}
        />
        <Box variant="small">{t('clients.lastUpdated', { date: formatPracticeDate(client.updatedAt) })}</Box>
      </SpaceBetween>
      <Suspense fallback={null}>
        {editing && (
          <ClientFormModal
            client={client}
            onDismiss={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              setLoad({ status: 'ready', client: saved });
              banners.show('success', t('clients.saved', { name: clientName(saved) }));
            }}
          />
        )}
        {removing && (
          <RemoveClientModal
            client={client}
            onDismiss={() => setRemoving(false)}
            // History state outlives the page: it carries no name.
            onRemoved={() => navigate(HOME_PATH, { state: { removed: true } satisfies ClientsPageState })}
            onFailed={(error) => {
              setRemoving(false);
              reportApiError(error);
            }}
          />
        )}
      </Suspense>
    </ContentLayout>
  );
}
