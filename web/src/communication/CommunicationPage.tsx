import Autosuggest from '@cloudscape-design/components/autosuggest';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { reportApiError } from '../shell/banner-state';
import { searchClients, type ClientMatch } from '../shell/client-search-api';
import { useViewer } from '../shell/ViewerContext';
import { conversationIdOf, listConversations, subscribeToMessages, type Conversation, type SecureMessage } from './api';
import { Thread } from './Thread';
import { unreadChanged } from './unread';

const nameOf = (c: ClientMatch) => `${c.first} ${c.last}`.trim();

/**
 * Telehealth (/app/communication, issue 12): the practice's secure conversations with clients —
 * the list (latest first, unread counts), one conversation's thread, starting one with a client,
 * and live updates over the realtime subscription (the server decides which conversations reach
 * this member). `?c=<conversation id>` opens a conversation (the client page links here).
 */
export default function CommunicationPage() {
  const t = useT();
  const viewer = useViewer();
  const me = viewer.status === 'ready' ? viewer.me : null;
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(true);
  const [event, setEvent] = useState<SecureMessage | null>(null);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<ClientMatch[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});

  const load = async (token: string | null) => {
    setLoading(true);
    try {
      const page = await listConversations(token);
      setConversations((current) => (token ? [...current, ...page.items.filter((c) => !current.some((x) => x.id === c.id))] : page.items));
      setNextToken(page.nextToken);
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load(null);
    const subscription = subscribeToMessages(
      (message) => {
        setEvent(message);
        void load(null);
        unreadChanged();
      },
      () => setLive(false),
    );
    return () => subscription.unsubscribe();
  }, []);

  useEffect(() => {
    if (!query.trim()) return setMatches([]);
    const timer = setTimeout(() => void searchClients(query.trim()).then(setMatches, () => setMatches([])), 250);
    return () => clearTimeout(timer);
  }, [query]);

  const open = (id: string) => setParams({ c: id });
  const current = conversations.find((c) => c.id === selected);
  const title = current?.clientName || (selected ? names[selected] : '') || t('messaging.conversation');

  return (
    <ContentLayout header={<Header variant="h1" description={t('messaging.description')}>{t('messaging.title')}</Header>}>
      <Grid gridDefinition={[{ colspan: { default: 12, m: 4 } }, { colspan: { default: 12, m: 8 } }]}>
        <SpaceBetween size="m">
          <Autosuggest
            value={query}
            onChange={({ detail }) => setQuery(detail.value)}
            onSelect={({ detail }) => {
              const match = matches.find((m) => m.id === detail.value);
              if (!match || !me) return;
              const id = conversationIdOf(me.practiceId, match.id);
              setNames((n) => ({ ...n, [id]: nameOf(match) }));
              setQuery('');
              open(id);
            }}
            options={matches.map((m) => ({ value: m.id, label: nameOf(m) }))}
            placeholder={t('messaging.start')}
            ariaLabel={t('messaging.start')}
            enteredTextLabel={(value) => value}
            empty={t('messaging.noClients')}
          />
          <Table
            variant="container"
            loading={loading && conversations.length === 0}
            loadingText={t('messaging.loading')}
            header={<Header counter={`(${conversations.length}${nextToken ? '+' : ''})`} actions={live ? <StatusIndicator type="success">{t('activity.live')}</StatusIndicator> : <StatusIndicator type="warning">{t('activity.notLive')}</StatusIndicator>}>{t('messaging.conversations')}</Header>}
            items={conversations}
            trackBy="id"
            selectionType="single"
            selectedItems={current ? [current] : []}
            onSelectionChange={({ detail }) => detail.selectedItems[0] && open(detail.selectedItems[0].id)}
            ariaLabels={{ tableLabel: t('messaging.conversations'), itemSelectionLabel: (_s, c) => c.clientName || c.clientId, selectionGroupLabel: t('messaging.conversations') }}
            columnDefinitions={[
              { id: 'client', header: t('messaging.column.client'), cell: (c) => <Button variant="inline-link" onClick={() => open(c.id)}>{c.clientName || c.clientId}</Button> },
              { id: 'last', header: t('messaging.column.last'), cell: (c) => (c.lastMessageAt ? new Date(c.lastMessageAt).toLocaleString() : '') },
              { id: 'unread', header: t('messaging.column.unread'), cell: (c) => (c.unreadCount > 0 ? <Badge color="blue">{c.unreadCount}</Badge> : null) },
            ]}
            empty={<Box textAlign="center" color="inherit">{t('messaging.noConversations')}</Box>}
            footer={nextToken ? <Box textAlign="center"><Button onClick={() => void load(nextToken)} loading={loading}>{t('activity.loadMore')}</Button></Box> : undefined}
          />
        </SpaceBetween>
        {selected && me ? (
          <Thread conversationId={selected} title={title} me={me.id} live={event} />
        ) : (
          <Box textAlign="center" color="text-body-secondary" padding="xxl">{t('messaging.choose')}</Box>
        )}
      </Grid>
    </ContentLayout>
  );
}
