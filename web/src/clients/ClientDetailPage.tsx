import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { getClient, restoreClient, toApiError, type ApiError, type Client } from './api';
import { useI18n, useT } from '../i18n/I18nProvider';
import { CLIENT_MESSAGE_KEYS, clientName, fieldLabel, shownChoice, stateName } from './client-fields';
import { shownDateOfBirth } from './dates';
import { formatPhone } from '../i18n/format';
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

// The client portal access and the chart (appointments and notes) load with the client's page, not the list.
const ClientChart = lazy(() => import('./ClientChart').then((m) => ({ default: m.ClientChart })));
const ClientDocuments = lazy(() => import('./ClientDocuments').then((m) => ({ default: m.ClientDocuments })));
const PortalAccess = lazy(() => import('./PortalAccess').then((m) => ({ default: m.PortalAccess })));


type Load = { status: 'loading' } | { status: 'ready'; client: Client } | { status: 'missing' } | { status: 'failed'; error: ApiError };

const orDash = (value: string | null | undefined) => (value ? value : '-');

function BackLink() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Link
      href={HOME_PATH}
      onFollow={(event) => {
        event.preventDefault();
        navigate(HOME_PATH);
      }}
    >
      {t('clients.back')}
    </Link>
  );
}

function ClientDetails({ client }: { client: Client }) {
  const { personalDetail: p, contact, address } = client;
  const i18n = useI18n();
  const { t } = i18n;
  const label = (field: string) => fieldLabel(i18n, field);
  const yesNo = (value: boolean) => (value ? t('clients.yes') : t('clients.no'));
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('clients.section.personal')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: label('personalDetail.first'), value: p.first },
            { label: label('personalDetail.middle'), value: orDash(p.middle) },
            { label: label('personalDetail.last'), value: p.last },
            { label: label('personalDetail.suffix'), value: orDash(p.suffix) },
            { label: label('personalDetail.nickname'), value: orDash(p.nickname) },
            { label: label('dateOfBirth'), value: shownDateOfBirth(client.dateOfBirth) },
            { label: label('gender'), value: orDash(shownChoice(i18n, 'gender', client.gender)) },
            {
              label: t('clients.field.status'),
              value: <StatusIndicator type={client.active ? 'success' : 'stopped'}>{t(`clients.status.${client.active ? 'active' : 'archived'}`)}</StatusIndicator>,
            },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">{t('clients.section.contactAddress')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: label('contact.phone'), value: orDash(formatPhone(contact.phone)) },
            { label: label('contact.type'), value: orDash(shownChoice(i18n, 'phoneType', contact.type)) },
            { label: label('contact.email'), value: orDash(contact.email) },
            { label: label('address.line1'), value: orDash(address.line1) },
            { label: label('address.line2'), value: orDash(address.line2) },
            { label: label('address.city'), value: orDash(address.city) },
            { label: label('address.state'), value: orDash(stateName(address.state)) },
            { label: label('address.zip'), value: orDash(address.zip) },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">{t('clients.section.communication')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            {
              label: t('clients.sendEmailReminder'),
              value: yesNo(client.sendEmailReminder),
            },
            {
              label: t('clients.emailCommunication'),
              value: yesNo(client.communicationSetting.email),
            },
          ]}
        />
      </Container>
    </SpaceBetween>
  );
}

/**
 * One client: details, Edit and Remove (Restore when archived), the invitation to the client portal
 * and the appointments and notes so far. Missing and other practices' ids look the same.
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
        <ClientDetails client={client} />
        <Suspense fallback={null}>
          {client.active && <PortalAccess clientId={client.id} />}
          <ClientChart clientId={client.id} />
          <ClientDocuments clientId={client.id} clientVersion={client.version} onClientChanged={() => void getClient(client.id).then((fresh) => fresh && setLoad({ status: 'ready', client: fresh }))} />
        </Suspense>
        <Box variant="small">{t('clients.lastUpdated', { date: client.updatedAt.slice(0, 10) })}</Box>
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
