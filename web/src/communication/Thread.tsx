import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { RETRACT_WINDOW_MS } from '../../../domain/messaging/rules';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { serverMessage } from '../shell/banner-state';
import { attachmentUrl, listMessages, markConversationRead, retractMessage, type SecureMessage } from './api';
import { Composer } from './Composer';
import './messages';
import { unreadChanged } from './unread';

/** Oldest first, one entry per id (a live event replaces the loaded copy). */
function merge(current: SecureMessage[], incoming: SecureMessage[]): SecureMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id));
}

export interface ThreadProps {
  conversationId: string;
  title: string;
  /** The signed-in member's id: their own messages may be retracted. */
  me: string;
  /** The latest live event of this conversation. */
  live: SecureMessage | null;
}

/**
 * One conversation: its history (newest 20, then 20 earlier per click), search within it, read
 * receipts on the practice's messages, retract within 5 minutes, and the composer. Opening it and
 * every client message arriving while it is open mark it read for the practice.
 */
export function Thread({ conversationId, title, me, live }: ThreadProps) {
  const { t, tm } = useI18n();
  const [messages, setMessages] = useState<SecureMessage[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const markRead = () => markConversationRead(conversationId).then(unreadChanged, () => undefined);

  const load = async (token: string | null, query: string, replace: boolean) => {
    setLoading(true);
    setProblem(null);
    try {
      const page = await listMessages(conversationId, token, query);
      setMessages((current) => merge(replace ? [] : current, page.items));
      setNextToken(page.nextToken);
    } catch (error) {
      setProblem(tm(serverMessage(error) ?? t('messaging.loadFailed')));
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    setMessages([]);
    setSearch('');
    setApplied('');
    void load(null, '', true);
    void markRead();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId]);

  useEffect(() => {
    if (!live || live.conversationId !== conversationId || applied) return;
    setMessages((current) => merge(current, [live]));
    if (live.senderType === 'CLIENT') void markRead();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const retract = async (m: SecureMessage) => {
    try {
      const updated = await retractMessage(conversationId, m.id);
      setMessages((current) => merge(current, [updated]));
    } catch (error) {
      setProblem(tm(serverMessage(error) ?? t('messaging.retractFailed')));
    }
  };

  const open = async (attachmentId: string) => {
    try {
      const { url } = await attachmentUrl(conversationId, attachmentId);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      setProblem(tm(serverMessage(error) ?? t('messaging.loadFailed')));
    }
  };

  const runSearch = (query: string) => {
    setApplied(query.trim());
    void load(null, query.trim(), true);
  };

  return (
    <Container
      header={
        <Header variant="h2" actions={
          <form onSubmit={(e) => { e.preventDefault(); runSearch(search); }} role="search">
            <SpaceBetween direction="horizontal" size="xs">
              <Input type="search" value={search} onChange={({ detail }) => setSearch(detail.value)} placeholder={t('messaging.search')} ariaLabel={t('messaging.search')} />
              <Button formAction="submit">{t('messaging.searchButton')}</Button>
              {applied ? <Button variant="link" onClick={() => { setSearch(''); runSearch(''); }}>{t('messaging.clearSearch')}</Button> : null}
            </SpaceBetween>
          </form>
        }>
          {title}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {problem ? <Alert type="error" dismissible onDismiss={() => setProblem(null)}>{problem}</Alert> : null}
        {nextToken ? (
          <Box textAlign="center">
            <Button onClick={() => void load(nextToken, applied, false)} loading={loading}>{t('messaging.loadEarlier')}</Button>
          </Box>
        ) : null}
        <ol aria-label={t('messaging.history')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {messages.map((m) => {
            const ours = m.senderType === 'PRACTICE';
            const canRetract = m.senderId === me && !m.retractedAt && now - Date.parse(m.sentAt) <= RETRACT_WINDOW_MS;
            return (
              <li key={m.id} data-testid="message" style={{ alignSelf: ours ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
                <Box variant="small" color="text-body-secondary">
                  {(m.senderId === me ? t('messaging.you') : m.senderName || t('messaging.client')) + ' · ' + new Date(m.sentAt).toLocaleString()}
                </Box>
                <div style={{ padding: '8px 12px', borderRadius: 8, background: ours ? '#e9f2ff' : '#f4f4f4', color: '#000716', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.retractedAt ? <i>{t('messaging.retracted')}</i> : m.text}
                  {m.attachments.map((a) => (
                    <div key={a.id}>
                      <Button variant="inline-link" iconName="file" onClick={() => void open(a.id)}>{a.fileName}</Button>
                    </div>
                  ))}
                </div>
                <SpaceBetween direction="horizontal" size="xs">
                  {ours && m.readAt ? <Box variant="small" color="text-status-success">{t('messaging.read', { time: new Date(m.readAt).toLocaleTimeString() })}</Box> : null}
                  {canRetract ? <Button variant="inline-link" onClick={() => void retract(m)}>{t('messaging.retract')}</Button> : null}
                </SpaceBetween>
              </li>
            );
          })}
        </ol>
        {!loading && messages.length === 0 ? <Box textAlign="center" color="text-body-secondary">{applied ? t('messaging.noMatches') : t('messaging.empty')}</Box> : null}
        <Composer conversationId={conversationId} onSent={(m) => setMessages((current) => merge(current, [m]))} />
      </SpaceBetween>
    </Container>
  );
}
