/**
 * The local runtime answers its own origin only (issue 11 §5). It holds the whole practice's data
 * and unauthenticated stand-ins (/_local/outbox shows every sign-in code), so:
 *  - a request whose Origin is not the portal's own origin is refused (403, no CORS headers), and
 *    so is a CORS preflight from it; the own origin gets Access-Control-Allow-Origin naming it,
 *    never `*` (cognito-local's own `cors({ origin: '*' })` headers are dropped);
 *  - a request whose Host header names another host is refused too (DNS rebinding: a page on
 *    attacker.example whose name resolves to 127.0.0.1 is "same-origin" to itself, sends no Origin
 *    on GET, but still names its own host);
 *  - WebSocket upgrades follow the same two rules (browsers do not apply CORS to WebSockets).
 * Requests without Origin (the AWS SDK, curl, the in-process Lambdas) pass: CORS guards browsers.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';
import { sendJson } from './http.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const ANY = new Set(['0.0.0.0', '::']);

/** `host:port` forms under which this machine's portal is its own origin (lower case). */
export function ownHosts(port: number, bindHost: string): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1']);
  if (ANY.has(bindHost)) {
    // Bound to every interface (HOST=0.0.0.0, e.g. to try the console from a phone): the
    // machine's own addresses and name are its origin too; other names still are not.
    for (const address of Object.values(networkInterfaces()).flat()) if (address) names.add(address.address);
    names.add(hostname());
  } else if (!LOOPBACK.has(bindHost)) {
    names.add(bindHost);
  }
  const hosts = new Set<string>();
  for (const name of names) {
    const host = name.includes(':') ? `[${name}]` : name;
    hosts.add(`${host}:${port}`.toLowerCase());
    if (port === 80) hosts.add(host.toLowerCase());
  }
  return hosts;
}

export interface OriginGuard {
  /** Screens an HTTP request; true when it has been answered (refused, or a preflight). */
  screen(req: IncomingMessage, res: ServerResponse): boolean;
  /** Screens a WebSocket upgrade; true when it has been refused (the socket is closed). */
  screenUpgrade(req: IncomingMessage, socket: Duplex): boolean;
}

const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
  'access-control-max-age': '600',
};

export function createOriginGuard(hosts: Set<string>): OriginGuard {
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  const hostAllowed = (host: string | undefined) => host === undefined || hosts.has(host.toLowerCase());
  const originAllowed = (origin: string | undefined) => origin === undefined || origins.has(origin.toLowerCase());

  return {
    screen(req, res) {
      const origin = req.headers.origin;
      if (!hostAllowed(req.headers.host)) return refuse(res, 'Forbidden: this portal answers on its own address only');
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      // A preflight without Origin is no browser's: nothing to allow.
      if (!originAllowed(origin) || (preflight && origin === undefined)) return refuse(res, 'Forbidden: cross-origin requests are not allowed');
      if (preflight && origin !== undefined) {
        const requested = req.headers['access-control-request-headers'];
        res.writeHead(204, { ...PREFLIGHT_HEADERS, 'access-control-allow-origin': origin, vary: 'Origin', ...(requested ? { 'access-control-allow-headers': requested } : {}) });
        res.end();
        return true;
      }
      pinCorsHeaders(res, origin ?? null);
      return false;
    },
    screenUpgrade(req, socket) {
      if (hostAllowed(req.headers.host) && originAllowed(req.headers.origin)) return false;
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return true;
    },
  };
}

function refuse(res: ServerResponse, message: string): true {
  sendJson(res, 403, { message });
  return true;
}

/**
 * Sets Access-Control-Allow-Origin to `origin` (or none) and keeps the handlers behind (cognito-local
 * sends `*`) from setting any access-control-* header of their own.
 */
function pinCorsHeaders(res: ServerResponse, origin: string | null): void {
  const isCors = (name: string) => name.toLowerCase().startsWith('access-control-');
  const setHeader = res.setHeader.bind(res);
  if (origin) {
    setHeader('access-control-allow-origin', origin);
    setHeader('vary', 'Origin');
  }
  res.setHeader = (name, value) => (isCors(name) ? res : setHeader(name, value));
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const last = rest[rest.length - 1];
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      const headers = Object.fromEntries(Object.entries(last as OutgoingHttpHeaders).filter(([name]) => !isCors(name)));
      rest[rest.length - 1] = headers;
    }
    return writeHead(status, ...rest);
  });
}
