import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { listAccountActivity, subscribeToAuthEvents, type UserAuthEvent } from '../auth/api';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { reportApiError } from '../shell/banners';
import { listAllTeamMembers } from './api';
import { getPracticeDetails } from '../settings/api';
import { DEFAULT_TIME_ZONE, formatPracticeDateTime } from '../i18n/format';

/** The events with a name in the catalog (activity.event.*); another is shown as the API names it. */
const EVENTS: ReadonlySet<string> = new Set<UserAuthEvent['event']>(['LOGIN_SUCCESS', 'LOGOUT']);
const keyOf = (e: UserAuthEvent) => `${e.userId}-${e.at}-${e.event}`;

/** Newest first, without the duplicates a live event and a loaded page can share. */
function merge(current: UserAuthEvent[], incoming: UserAuthEvent[]): UserAuthEvent[] {
  const seen = new Set(current.map(keyOf));
  return [...current, ...incoming.filter((e) => !seen.has(keyOf(e)))].sort((a, b) => b.at.localeCompare(a.at));
}

/** Events a page shows and each Load more adds. */
const PAGE = 20;
/** Audit reads one Load more may make (each reads 20 audit entries, of which sessions are a part). */
const MAX_READS = 25;

/**
 * Account activity: the practice's sign-ins and sign-outs — the stored history (the newest 20 at
 * once, then 20 more per Load more, newest first) and new ones as they happen (AppSync
 * subscription). Members are shown by name (Team Members; both lists need the same roles).
 * listAccountActivity pages the whole audit partition, so one page may hold few sessions: the page
 * reads on until it has 20 (issue 19; a session-only index would make one read do: decisions.md).
 */
export default function AccountActivityPage() {
  const t = useT();
  const [events, setEvents] = useState<UserAuthEvent[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [held, setHeld] = useState<UserAuthEvent[]>([]);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(true);
  const [names, setNames] = useState<Map<string, string> | null>(null);
  // Times in the practice's zone, written as the practice writes them (spec part 2 §9); US/Pacific until it is read.
  const [zone, setZone] = useState(DEFAULT_TIME_ZONE);

  const load = async (token: string | null, waiting: UserAuthEvent[]) => {
    setLoading(true);
    try {
      let found = waiting;
      let next = token;
      let reads = 0;
      while ((reads === 0 && token === null) || (next !== null && found.length < PAGE && reads < MAX_READS)) {
        const page = await listAccountActivity(next);
        found = found.concat(page.items);
        next = page.nextToken;
        reads += 1;
        if (next === null) break;
      }
      setEvents((current) => merge(current, found.slice(0, PAGE)));
      setHeld(found.slice(PAGE));
      setNextToken(next);
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load(null, []);
    listAllTeamMembers().then(
      (members) => setNames(new Map(members.flatMap((m) => {
        const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email || '';
        return [[m.cognitoId, name] as [string, string], [m.id, name] as [string, string]];
      }))),
      reportApiError,
    );
    // Owners and admins, who see this page, may read the practice's details; if not, the default zone stays.
    getPracticeDetails().then((details) => setZone(details.timezone || DEFAULT_TIME_ZONE), () => undefined);
    const subscription = subscribeToAuthEvents(
      (event) => setEvents((current) => merge(current, [event])),
      () => setLive(false),
    );
    return () => subscription.unsubscribe();
  }, []);

  const memberName = (userId: string) => (names === null ? '' : names.get(userId) || t('activity.formerMember'));
  const more = nextToken !== null || held.length > 0;

  return (
    <ContentLayout header={<Header variant="h1" description={t('activity.description')}>{t('activity.title')}</Header>}>
      <Table
        variant="container"
        loading={loading && events.length === 0}
        loadingText={t('activity.loading')}
        header={
          <Header counter={`(${events.length}${more ? '+' : ''})`} actions={live ? <StatusIndicator type="success">{t('activity.live')}</StatusIndicator> : <StatusIndicator type="warning">{t('activity.notLive')}</StatusIndicator>}>
            {t('activity.recent')}
          </Header>
        }
        items={events}
        trackBy={keyOf}
        columnDefinitions={[
          { id: 'at', header: t('activity.column.time'), cell: (e) => formatPracticeDateTime(e.at, { timeZone: zone }) },
          { id: 'event', header: t('activity.column.activity'), cell: (e) => (EVENTS.has(e.event) ? t(`activity.event.${e.event}`) : e.event) },
          { id: 'user', header: t('activity.column.member'), cell: (e) => memberName(e.userId) },
        ]}
        empty={<Box textAlign="center" color="inherit">{t('activity.empty')}</Box>}
        footer={
          more ? (
            <Box textAlign="center">
              <Button onClick={() => void load(nextToken, held)} loading={loading}>
                {t('activity.loadMore')}
              </Button>
            </Box>
          ) : undefined
        }
        ariaLabels={{ tableLabel: t('activity.recent') }}
      />
    </ContentLayout>
  );
}
