import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { I18n } from '../i18n/I18nProvider';
import { getRuntimeConfig } from '../platform/config';
import { useAuth } from './AuthContext';
import { createIdleTimer, type IdleTimer } from './idle';

/** The warning dialog is its own chunk: every page under AuthLayout carries this file. */
const IdleWarning = lazy(() => import('./idleWarning'));

type Translate = I18n['t'];

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Tabs of the portal share activity, so working in one tab keeps the others signed in. */
const CHANNEL = 'portal-activity';

/*
 * Set when this tab logged the user off for inactivity, read by /signin to say why. In memory:
 * RequireAuth may redirect to /signin before our own navigation, so router state cannot carry it.
 */
let loggedOffForIdle = false;
export const wasLoggedOffForIdle = () => loggedOffForIdle;
export const forgetIdleLogoff = () => {
  loggedOffForIdle = false;
};

/** Why /signin shows after an idle logoff, in the page's language (`t` from useT()). */
export const idleLogoffMessage = (t: Translate, minutes: number) =>
  minutes >= 1
    ? t('signin.idle.minutes', { count: Math.round(minutes) })
    : t('signin.idle.seconds', { count: Math.round(minutes * 60) });

/**
 * Signs a signed-in user out globally after `idleTimeoutMinutes` (from /config.json) without input,
 * with a warning before; renders nothing until then.
 */
export function IdleLogoff() {
  const { status, logout } = useAuth();
  // Refs: a new navigate or path must not restart the timer (the declarative router's navigate
  // changes identity with the location).
  const navigateNow = useNavigate();
  const navigate = useRef(navigateNow);
  navigate.current = navigateNow;
  const location = useLocation();
  const from = useRef(location.pathname);
  from.current = location.pathname;
  const timer = useRef<IdleTimer | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    if (status !== 'signedIn') return;
    const timeoutMs = getRuntimeConfig().idleTimeoutMinutes * 60_000;
    if (!(timeoutMs > 0)) return;
    let tick: ReturnType<typeof setInterval> | undefined;
    const showCountdown = () => setSecondsLeft(Math.ceil((timer.current?.remainingMs() ?? 0) / 1000));
    const idle = createIdleTimer({
      timeoutMs,
      onWarn: () => {
        showCountdown();
        tick = setInterval(showCountdown, 1000);
      },
      onActive: () => {
        clearInterval(tick);
        setSecondsLeft(null);
      },
      onExpire: () => {
        clearInterval(tick);
        setSecondsLeft(null);
        loggedOffForIdle = true;
        // RequireAuth sends portal pages to /signin (remembering the page); this covers the rest.
        void logout().then(() => navigate.current('/signin', { replace: true, state: { from: from.current } }));
      },
    });
    timer.current = idle;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    let lastPost = 0;
    const onInput = () => {
      idle.activity();
      if (channel && Date.now() - lastPost > 1000) {
        lastPost = Date.now();
        channel.postMessage('activity');
      }
    };
    if (channel) channel.onmessage = () => idle.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onInput, { capture: true });
      channel?.close();
      clearInterval(tick);
      idle.stop();
      timer.current = null;
      setSecondsLeft(null);
    };
  }, [status, logout]);

  if (secondsLeft === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning secondsLeft={secondsLeft} onStay={() => timer.current?.activity()} />
    </Suspense>
  );
}
