import { useEffect, useRef, useState } from 'react';
import { declaredAttachmentProblem, MAX_ATTACHMENTS, MAX_MESSAGE_LENGTH, RETRACT_WINDOW_MS } from '../../../../domain/messaging/rules';
import { MESSAGING_REFUSALS } from '../../../../domain/messaging/api';
import { refusalMessage } from '../api';
import {
  clientAttachmentUrl, clientConversations, clientMessages, markClientRead, retractClientMessage, sendClientMessage, subscribeToClientMessages,
  type PortalConversation, type PortalMessage,
} from './api';
import { useMessagingTexts } from './texts';

type Load = { status: 'loading' } | { status: 'ready'; conversations: PortalConversation[] } | { status: 'failed' };

const merge = (current: PortalMessage[], incoming: PortalMessage[]) => {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
};

/** One conversation with a practice: history (20 at a time), live messages, read receipts, retract, send with attachments. */
function Conversation({ conversation, live }: { conversation: PortalConversation; live: PortalMessage | null }) {
  const { t, refusal, formatDateTime } = useMessagingTexts();
  const [messages, setMessages] = useState<PortalMessage[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const practice = conversation.practiceName ?? t('clientPortal.messaging.practice');

  const load = (token: string | null) =>
    clientMessages(conversation.id, token).then(
      (page) => {
        setMessages((current) => merge(token ? current : [], page.items));
        setNextToken(page.nextToken);
      },
      () => setProblem(t('clientPortal.messaging.loadFailed')),
    );

  useEffect(() => {
    void load(null);
    void markClientRead(conversation.id).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversation.id]);

  useEffect(() => {
    if (!live || live.conversationId !== conversation.id) return;
    setMessages((current) => merge(current, [live]));
    if (live.senderType === 'PRACTICE') void markClientRead(conversation.id).catch(() => undefined);
  }, [live, conversation.id]);

  const fail = (error: unknown, fallback: string) => {
    const message = refusalMessage(error);
    setProblem(message ? refusal(message) : fallback);
  };

  const add = (chosen: FileList | null) => {
    const picked = Array.from(chosen ?? []);
    const bad = picked.map((f) => declaredAttachmentProblem(f.type, f.size)).find((p) => p !== null);
    if (bad) setProblem(refusal(MESSAGING_REFUSALS[bad]));
    else if (files.length + picked.length > MAX_ATTACHMENTS) setProblem(refusal(MESSAGING_REFUSALS.tooMany));
    else setFiles((current) => [...current, ...picked]);
    if (input.current) input.current.value = '';
  };

  const send = async () => {
    if (!text.trim() && files.length === 0) return setProblem(refusal(MESSAGING_REFUSALS.empty));
    setSending(true);
    setProblem(null);
    try {
      const sent = await sendClientMessage(conversation.id, text, files);
      setMessages((current) => merge(current, [sent]));
      setText('');
      setFiles([]);
    } catch (error) {
      fail(error, t('clientPortal.messaging.sendFailed'));
    } finally {
      setSending(false);
    }
  };

  const retract = (m: PortalMessage) =>
    retractClientMessage(conversation.id, m.id).then((updated) => setMessages((current) => merge(current, [updated])), (error) => fail(error, t('clientPortal.messaging.sendFailed')));
  const open = (attachmentId: string) =>
    clientAttachmentUrl(conversation.id, attachmentId).then(({ url }) => window.open(url, '_blank', 'noopener'), (error) => fail(error, t('clientPortal.messaging.loadFailed')));

  return (
    <section className="cp-card" aria-labelledby={`conversation-${conversation.id}`}>
      <h2 id={`conversation-${conversation.id}`}>{t('clientPortal.messaging.history', { practice })}</h2>
      {nextToken && (
        <button type="button" className="cp-button cp-small" onClick={() => void load(nextToken)}>
          {t('clientPortal.messaging.earlier')}
        </button>
      )}
      {messages.length === 0 ? <p className="cp-muted">{t('clientPortal.messaging.empty')}</p> : null}
      <ol className="cp-messages" aria-label={t('clientPortal.messaging.history', { practice })} style={{ listStyle: 'none', padding: 0, margin: '12px 0', display: 'flex', flexDirection: 'column', gap: 10 }}>
        {messages.map((m) => {
          const mine = m.senderType === 'CLIENT';
          const canRetract = mine && !m.retractedAt && Date.now() - Date.parse(m.sentAt) <= RETRACT_WINDOW_MS;
          return (
            <li key={m.id} style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
              <p className="cp-muted" style={{ margin: 0 }}>
                {(mine ? t('clientPortal.messaging.you') : m.senderName ?? practice) + ' · ' + formatDateTime(m.sentAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
              <div style={{ padding: '8px 12px', borderRadius: 12, background: mine ? '#e3f0ff' : '#f2f3f3', color: '#16191f', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.retractedAt ? <em>{t('clientPortal.messaging.retracted')}</em> : m.text}
                {m.attachments.map((a) => (
                  <div key={a.id}>
                    <button type="button" className="cp-link" onClick={() => void open(a.id)}>
                      {a.fileName}
                    </button>
                  </div>
                ))}
              </div>
              {mine && m.readAt ? <span className="cp-muted">{t('clientPortal.messaging.read')}</span> : null}
              {canRetract ? (
                <button type="button" className="cp-link" onClick={() => void retract(m)}>
                  {t('clientPortal.messaging.retract')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <form className="cp-form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        {problem ? <p role="alert" className="cp-notice cp-error">{problem}</p> : null}
        <div className="cp-field">
          <label htmlFor={`compose-${conversation.id}`}>{t('clientPortal.messaging.compose')}</label>
          <textarea id={`compose-${conversation.id}`} rows={3} value={text} maxLength={MAX_MESSAGE_LENGTH} onChange={(e) => setText(e.target.value)} style={{ width: '100%', font: 'inherit' }} />
          <p className="cp-hint">{t('clientPortal.messaging.attachHint')}</p>
        </div>
        {files.length > 0 && (
          <ul>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name}{' '}
                <button type="button" className="cp-link" aria-label={t('clientPortal.messaging.remove', { name: f.name })} onClick={() => setFiles((c) => c.filter((_, j) => j !== i))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input ref={input} type="file" accept="application/pdf,image/jpeg,image/png" multiple hidden aria-label={t('clientPortal.messaging.attach')} data-testid="portal-attach-input" onChange={(e) => add(e.target.files)} />
        <button type="button" className="cp-button" onClick={() => input.current?.click()} disabled={sending}>
          {t('clientPortal.messaging.attach')}
        </button>{' '}
        <button type="submit" className="cp-button cp-primary" disabled={sending}>
          {t('clientPortal.messaging.send')}
        </button>
      </form>
    </section>
  );
}

/**
 * Messages (/portal/messages): the client's secure conversations with their practices, live both
 * ways (the server filters the feed to the client's own conversations).
 */
export default function MessagesPage() {
  const { t } = useMessagingTexts();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [live, setLive] = useState<PortalMessage | null>(null);
  useEffect(() => {
    let alive = true;
    clientConversations().then(
      (conversations) => alive && setLoad({ status: 'ready', conversations }),
      () => alive && setLoad({ status: 'failed' }),
    );
    const subscription = subscribeToClientMessages((m) => setLive(m), () => undefined);
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, []);
  return (
    <>
      <h1>{t('clientPortal.messaging.title')}</h1>
      <p className="cp-muted">{t('clientPortal.messaging.intro')}</p>
      {load.status === 'loading' && <p role="status">{t('clientPortal.messaging.loading')}</p>}
      {load.status === 'failed' && <p role="alert" className="cp-notice cp-error">{t('clientPortal.messaging.loadFailed')}</p>}
      {load.status === 'ready' && load.conversations.length === 0 && <p>{t('clientPortal.messaging.none')}</p>}
      {load.status === 'ready' && load.conversations.map((c) => <Conversation key={c.id} conversation={c} live={live} />)}
    </>
  );
}
