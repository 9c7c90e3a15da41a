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
import { getClient, restoreClient, toApiError, type ApiError, type Client } from '../clients/api';
import { useT } from '../i18n/I18nProvider';
import { CLIENT_MESSAGES, clientName, stateName } from '../clients/client-fields';
import { shownDateOfBirth } from '../clients/dates';
import { formatPhone } from '../i18n/format';
import { reportApiError, useBanners } from '../shell/banners';
import type { ClientsPageState } from './ClientsPage';
import { useClientRights } from '../clients/useClientRights';
import { HOME_PATH } from '../portal/paths';

// The form and the confirmation load when first opened: the list itself stays light.
const ClientFormModal = lazy(() =>
  import('../clients/ClientFormModal').then((m) => ({
    default: m.ClientFormModal,
  }))
);
const RemoveClientModal = lazy(() =>
  import('../clients/RemoveClientModal').then((m) => ({
    default: m.RemoveClientModal,
  }))
);

// The invitation and the chart (appointments and notes) load with the client's page, not the list.
const ClientChart = lazy(() => import('../clients/ClientChart').then((m) => ({ default: m.ClientChart })));
const ClientInvite = lazy(() => import('../clients/ClientChart').then((m) => ({ default: m.ClientInvite })));


type Load = { status: 'loading' } | { status: 'ready'; client: Client } | { status: 'missing' } | { status: 'failed'; error: ApiError };

const orDash = (value: string | null | undefined) => (value ? value : '-');
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function BackLink() {
  const navigate = useNavigate();
  return (
    <Link
      href={HOME_PATH}
      onFollow={(event) => {
        event.preventDefault();
        navigate(HOME_PATH);
      }}
    >
      Back to clients
    </Link>
  );
}

function ClientDetails({ client }: { client: Client }) {
  const { personalDetail: p, contact, address } = client;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Personal details</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'First name', value: p.first },
            { label: 'Middle name', value: orDash(p.middle) },
            { label: 'Last name', value: p.last },
            { label: 'Suffix', value: orDash(p.suffix) },
            { label: 'Nickname', value: orDash(p.nickname) },
            { label: 'Date of birth', value: shownDateOfBirth(client.dateOfBirth) },
            { label: 'Gender', value: orDash(client.gender) },
            {
              label: 'Status',
              value: <StatusIndicator type={client.active ? 'success' : 'stopped'}>{client.status}</StatusIndicator>,
            },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">Contact and address</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Phone', value: orDash(formatPhone(contact.phone)) },
            { label: 'Phone type', value: orDash(contact.type) },
            { label: 'E-mail', value: orDash(contact.email) },
            { label: 'Address line 1', value: orDash(address.line1) },
            { label: 'Address line 2', value: orDash(address.line2) },
            { label: 'City', value: orDash(address.city) },
            { label: 'State', value: orDash(stateName(address.state)) },
            { label: 'Zip', value: orDash(address.zip) },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">Communication</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            {
              label: 'Send e-mail reminders',
              value: yesNo(client.sendEmailReminder),
            },
            {
              label: 'Communicate by e-mail',
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
    return <StatusIndicator type="loading">Loading client</StatusIndicator>;
  }
  if (load.status === 'missing') {
    return (
      <ContentLayout header={<Header variant="h1">{CLIENT_MESSAGES.notFound}</Header>}>
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
                {client.active && <Button onClick={() => setEditing(true)}>Edit</Button>}
                {client.active && rights.canRemove && <Button onClick={() => setRemoving(true)}>Remove</Button>}
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
          {client.active && <ClientInvite />}
          <ClientChart clientId={client.id} />
        </Suspense>
        <Box variant="small">Last updated {client.updatedAt.slice(0, 10)}</Box>
      </SpaceBetween>
      <Suspense fallback={null}>
        {editing && (
          <ClientFormModal
            client={client}
            onDismiss={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              setLoad({ status: 'ready', client: saved });
              banners.show('success', `${clientName(saved)} was saved.`);
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
