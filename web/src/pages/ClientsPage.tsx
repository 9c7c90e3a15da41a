import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useAuth } from '../auth/AuthContext';
import { useViewer } from '../portal/ViewerContext';
import { MESSAGES } from '../../../domain/messages';

/** The clients list lands here in a later issue; for now it proves the signed-in API round trip. */
export default function ClientsPage() {
  const { user } = useAuth();
  const load = useViewer();
  const email = load.status === 'ready' ? load.me.email || user?.email : user?.email;
  return (
    <ContentLayout header={<Header variant="h1">Clients</Header>}>
      <SpaceBetween size="l">
        <Box variant="p">Signed in as {email}</Box>
        <Container header={<Header variant="h2">Your practice</Header>}>
          {load.status === 'loading' && <StatusIndicator type="loading">Loading your practice</StatusIndicator>}
          {load.status === 'failed' && <Alert type="error">{MESSAGES.defaultError}</Alert>}
          {load.status === 'ready' && (
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'Practice', value: load.me.practiceId },
                { label: 'Roles', value: load.me.roles.join(', ') || '-' },
                { label: 'Groups', value: load.me.groups.join(', ') || '-' },
                { label: 'Plan', value: load.me.plan },
              ]}
            />
          )}
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
