/**
 * The unread count of secure messages for the side menu and the top bar (issue 12): read when the
 * shell mounts, every minute, when the window regains focus, and at once when the Telehealth page
 * says it changed (a message arrived live, a conversation was read) — so the shell itself needs no
 * realtime connection (Amplify's realtime client loads only on the page that subscribes).
 */
import { useEffect, useState } from 'react';
import { unreadMessageCount } from './api';

const EVENT = 'portal:unread-messages';
const POLL_MS = 60_000;

/** Tells the shell to read the unread count again. */
export function unreadChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** The caller's unread count; null when they have no messaging (or it could not be read). */
export function useUnreadMessages(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) {
      setCount(null);
      return;
    }
    let alive = true;
    const read = () => {
      void unreadMessageCount().then(
        (n) => alive && setCount(n),
        () => alive && setCount(null),
      );
    };
    read();
    const timer = setInterval(read, POLL_MS);
    window.addEventListener(EVENT, read);
    window.addEventListener('focus', read);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener(EVENT, read);
      window.removeEventListener('focus', read);
    };
  }, [enabled]);
  return count;
}
