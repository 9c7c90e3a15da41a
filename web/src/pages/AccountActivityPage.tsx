import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { subscribeToAuthEvents, type UserAuthEvent } from '../auth/api';
import { MESSAGES } from '../../../domain/messages';

const LABELS: Record<UserAuthEvent['event'], string> = { LOGIN_SUCCESS: 'Signed in', LOGOUT: 'Signed out' };

/**
 * Account activity: sign-ins and sign-outs of the practice's members as they happen (AppSync
 * subscription). The stored history arrives with the practice-data issue.
 */
export default function AccountActivityPage() {
  const [events, setEvents] = useState<UserAuthEvent[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const subscription = subscribeToAuthEvents(
      (event) => setEvents((current) => [event, ...current].slice(0, 100)),
      () => setFailed(true),
    );
    return () => subscription.unsubscribe();
  }, []);

  return (
    <ContentLayout header={<Header variant="h1" description="Sign-ins and sign-outs of your practice's members, live.">Account activity</Header>}>
      {failed && <Alert type="error">{MESSAGES.defaultError}</Alert>}
      <Table
        variant="container"
        header={
          <Header counter={`(${events.length})`} actions={failed ? null : <StatusIndicator type="success">Live</StatusIndicator>}>
            Recent activity
          </Header>
        }
        items={events}
        trackBy={(e) => `${e.userId}-${e.at}-${e.event}`}
        columnDefinitions={[
          { id: 'at', header: 'Time', cell: (e) => new Date(e.at).toLocaleString() },
          { id: 'event', header: 'Activity', cell: (e) => LABELS[e.event] ?? e.event },
          { id: 'user', header: 'Member', cell: (e) => e.userId },
        ]}
        empty={<Box textAlign="center" color="inherit">No activity since you opened this page.</Box>}
        ariaLabels={{ tableLabel: 'Recent activity' }}
      />
    </ContentLayout>
  );
}
