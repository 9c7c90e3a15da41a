import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeAccess } from '../../../domain/route-access';
import { formatPracticeDateTime } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { useViewer } from '../shell/ViewerContext';
import { conversationIdOf, listMessages, type SecureMessage } from './api';

/** How many of the latest messages the client page shows. */
const LATEST = 5;

/**
 * The client page's Messages part (issue 12): the latest secure messages with this client and a
 * way into the conversation on Telehealth. Shown to those who may open Telehealth; for a client
 * outside the viewer's messaging reach (the API answers NotFound) it says so instead of a blank tab.
 */
export function ClientMessages({ clientId }: { clientId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const viewer = useViewer();
  const ready = viewer.status === 'ready' ? viewer : null;
  const allowed = ready !== null && routeAccess('/app/communication', ready.viewer) === 'allowed';
  const conversationId = ready ? conversationIdOf(ready.me.practiceId, clientId) : null;
  const [messages, setMessages] = useState<SecureMessage[] | null>(null);
  const [unreadable, setUnreadable] = useState(false);

  useEffect(() => {
    if (!allowed || !conversationId) return;
    let live = true;
    listMessages(conversationId, null, null).then(
      (page) => live && setMessages(page.items.slice(0, LATEST)),
      () => {
        if (!live) return;
        setMessages(null);
        setUnreadable(true);
      },
    );
    return () => {
      live = false;
    };
  }, [allowed, conversationId]);

  if (!allowed || !conversationId) return null;
  if (messages === null) {
    return unreadable ? (
      <Container header={<Header variant="h2">{t('messaging.clientPart')}</Header>}>
        <Box color="text-body-secondary">{t('messaging.notYours')}</Box>
      </Container>
    ) : null;
  }
  return (
    <Container
      header={
        <Header variant="h2" actions={<Button onClick={() => navigate(`/app/communication?c=${encodeURIComponent(conversationId)}`)}>{t('messaging.openConversation')}</Button>}>
          {t('messaging.clientPart')}
        </Header>
      }
    >
      {messages.length === 0 ? (
        <Box color="text-body-secondary">{t('messaging.empty')}</Box>
      ) : (
        <ul aria-label={t('messaging.clientPart')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((m) => (
            <li key={m.id} style={{ marginBottom: 8 }}>
              <Box variant="small" color="text-body-secondary">{(m.senderName || t('messaging.client')) + ' · ' + formatPracticeDateTime(m.sentAt)}</Box>
              <Box>{m.retractedAt ? t('messaging.retracted') : m.text || m.attachments.map((a) => a.fileName).join(', ')}</Box>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
