import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { listAccountActivity, subscribeToAuthEvents, type UserAuthEvent } from '../auth/api';
import { reportApiError } from '../shell/banners';

const LABELS: Record<UserAuthEvent['event'], string> = { LOGIN_SUCCESS: 'Signed in', LOGOUT: 'Signed out' };
const keyOf = (e: UserAuthEvent) => `${e.userId}-${e.at}-${e.event}`;

/** Newest first, without the duplicates a live event and a loaded page can share. */
function merge(current: UserAuthEvent[], incoming: UserAuthEvent[]): UserAuthEvent[] {
  const seen = new Set(current.map(keyOf));
  return [...current, ...incoming.filter((e) => !seen.has(keyOf(e)))].sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * Account activity: the practice's sign-ins and sign-outs — the stored history (pages of 20,
 * newest first) and new ones as they happen (AppSync subscription).
 */
export default function AccountActivityPage() {
  const [events, setEvents] = useState<UserAuthEvent[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(true);

  const load = async (token: string | null) => {
    setLoading(true);
    try {
      const page = await listAccountActivity(token);
      setEvents((current) => merge(current, page.items));
      setNextToken(page.nextToken);
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load(null);
    const subscription = subscribeToAuthEvents(
      (event) => setEvents((current) => merge(current, [event])),
      () => setLive(false),
    );
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <ContentLayout header={<Header variant="h1" description="Sign-ins and sign-outs of your practice's members.">Account activity</Header>}>
      <Table
        variant="container"
        loading={loading && events.length === 0}
        loadingText="Loading account activity"
        header={
          <Header counter={`(${events.length}${nextToken ? '+' : ''})`} actions={live ? <StatusIndicator type="success">Live</StatusIndicator> : <StatusIndicator type="warning">Not live</StatusIndicator>}>
            Recent activity
          </Header>
        }
        items={events}
        trackBy={keyOf}
        columnDefinitions={[
          { id: 'at', header: 'Time', cell: (e) => new Date(e.at).toLocaleString() },
          { id: 'event', header: 'Activity', cell: (e) => LABELS[e.event] ?? e.event },
          { id: 'user', header: 'Member', cell: (e) => e.userId },
        ]}
        empty={<Box textAlign="center" color="inherit">No sign-ins or sign-outs yet.</Box>}
        footer={
          nextToken ? (
            <Box textAlign="center">
              <Button onClick={() => void load(nextToken)} loading={loading}>
                Load more
              </Button>
            </Box>
          ) : undefined
        }
        ariaLabels={{ tableLabel: 'Recent activity' }}
      />
    </ContentLayout>
  );
}
