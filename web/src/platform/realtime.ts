/**
 * GraphQL subscriptions over AppSync's own realtime WebSocket protocol (AWS AppSync Developer
 * Guide, "Building a real-time WebSocket client"), in place of Amplify's GraphQL client:
 *   connect  <realtime URL>?header=<base64 {host, Authorization}>&payload=e30=, subprotocol graphql-ws
 *   → {type:'connection_init'}                 ← {type:'connection_ack', payload:{connectionTimeoutMs}}, then {type:'ka'}…
 *   → {type:'start', id, payload:{data: JSON {query, variables}, extensions:{authorization}}}
 *                                             ← {type:'start_ack', id} | {type:'error', id, payload:{errors}}
 *                                             ← {type:'data', id, payload:{data}} for every event
 *   → {type:'stop', id}                        ← {type:'complete', id}
 * The realtime URL is AppSync's: the API's own domain with appsync-api → appsync-realtime-api, or
 * <endpoint>/realtime for a custom domain (the local runtime's, served over plain http as ws://).
 * The access token comes from Amplify Auth (fetchAuthSession, which refreshes it), as for queries.
 * One socket per subscription. A socket that drops or goes quiet past connectionTimeoutMs after the
 * subscription started is opened again (1 s, doubling to 30 s, with a fresh token), as Amplify's
 * client reconnects; a refusal (connection_error, an error for the start, no signed-in user) ends
 * the subscription through `error`.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { ensureAmplifyConfigured } from './amplify';

export interface Subscription {
  unsubscribe(): void;
}

export interface SubscriptionObserver {
  next: (data: Record<string, unknown>) => void;
  error: (error: unknown) => void;
}

/** AppSync's own domain: https://<26 chars>.appsync-api.<region>.amazonaws.com(.cn)/graphql. */
const APPSYNC_DOMAIN = /^https:\/\/\w{26}\.appsync-api\.\w{2}(?:-\w{2,})+-\d\.amazonaws\.com(?:\.cn)?\/graphql$/i;

/** The realtime endpoint for a GraphQL endpoint, wss:// (ws:// for a plain-http local runtime). */
export function realtimeUrl(graphqlEndpoint: string): string {
  const url = APPSYNC_DOMAIN.test(graphqlEndpoint) ? graphqlEndpoint.replace('appsync-api', 'appsync-realtime-api') : `${graphqlEndpoint}/realtime`;
  return url.replace(/^https:/, 'wss:').replace(/^http:/, 'ws:');
}

const base64 = (value: unknown) => btoa(JSON.stringify(value));
const MAX_RETRY_MS = 30_000;

/** Subscribes `query` (no variables: the server filters by the caller); `next` gets each event's data. */
export function subscribe(query: string, observer: SubscriptionObserver): Subscription {
  const config = ensureAmplifyConfigured();
  const host = new URL(config.graphqlEndpoint).host;
  const id = crypto.randomUUID();
  let socket: WebSocket | undefined;
  let closed = false;
  let retryMs = 1_000;
  let established = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const fail = (error: unknown) => {
    if (closed) return;
    stop();
    observer.error(error);
  };
  const stop = () => {
    closed = true;
    clearTimeout(quiet);
    clearTimeout(retry);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop', id }));
    socket?.close(1000);
  };

  const connect = async () => {
    let token: string | undefined;
    try {
      token = (await fetchAuthSession()).tokens?.accessToken.toString();
    } catch (error) {
      return fail(error);
    }
    if (!token) return fail(new Error('No signed-in user'));
    if (closed) return;
    const authorization = { host, Authorization: token };
    const ws = new WebSocket(`${realtimeUrl(config.graphqlEndpoint)}?header=${encodeURIComponent(base64(authorization))}&payload=e30=`, 'graphql-ws');
    socket = ws;
    let timeoutMs = 300_000;
    const heard = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => ws.close(), timeoutMs);
    };
    ws.onopen = () => ws.send(JSON.stringify({ type: 'connection_init' }));
    ws.onmessage = (event: MessageEvent<string>) => {
      let message: { type?: string; id?: string; payload?: { connectionTimeoutMs?: number; data?: Record<string, unknown>; errors?: unknown } };
      try {
        message = JSON.parse(event.data) as typeof message;
      } catch {
        return;
      }
      heard();
      if (message.type === 'connection_ack') {
        timeoutMs = message.payload?.connectionTimeoutMs ?? timeoutMs;
        heard();
        ws.send(JSON.stringify({ type: 'start', id, payload: { data: JSON.stringify({ query, variables: {} }), extensions: { authorization } } }));
      } else if (message.type === 'start_ack' && message.id === id) {
        established = true;
        retryMs = 1_000;
      } else if (message.type === 'data' && message.id === id) {
        observer.next(message.payload?.data ?? {});
      } else if (message.type === 'connection_error' || (message.type === 'error' && (message.id === id || !message.id))) {
        fail({ errors: message.payload?.errors ?? [] });
      }
    };
    ws.onclose = () => {
      clearTimeout(quiet);
      if (closed || socket !== ws) return;
      // Closed before it ever started (the endpoint unreachable, the socket refused): nothing to keep alive.
      if (!established) return fail(new Error('Realtime connection closed'));
      retry = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  };

  void connect();
  return { unsubscribe: stop };
}
