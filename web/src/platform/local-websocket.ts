/**
 * Local-backend fix for Amplify v6 realtime subscriptions.
 *
 * @aws-amplify/api-graphql derives the realtime URL from the GraphQL endpoint and rewrites both
 * https:// and http:// to wss://. The local runtime speaks plain HTTP on one port, so the browser
 * would attempt TLS and fail. When config.backend is 'local' we wrap window.WebSocket so that a
 * wss:// URL aimed at the page's own host is opened as ws://. Anything else passes unchanged, and
 * with backend 'aws' nothing is installed.
 */

export interface PageLocation {
  protocol: string;
  host: string;
}

const INSTALLED = Symbol.for('practice-portal.local-websocket');

/** wss://<page host>/... → ws://<page host>/... when the page itself is served over plain http. */
export function rewriteLocalWebSocketUrl(url: string, page: PageLocation): string {
  if (page.protocol !== 'http:') return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'wss:' || parsed.host !== page.host) return url;
  parsed.protocol = 'ws:';
  return parsed.toString();
}

interface WebSocketHost {
  WebSocket: typeof WebSocket;
  location: PageLocation;
}

/** Installs the rewrite on `host` (window). Idempotent. Must run before Amplify opens a socket. */
export function installLocalWebSocketFix(host: WebSocketHost = window): void {
  const Native = host.WebSocket;
  if ((Native as unknown as Record<symbol, boolean>)[INSTALLED]) return;
  class LocalWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(rewriteLocalWebSocketUrl(String(url), host.location), protocols);
    }
  }
  Object.defineProperty(LocalWebSocket, INSTALLED, { value: true });
  host.WebSocket = LocalWebSocket;
}
