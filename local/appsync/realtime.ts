/**
 * AppSync's realtime (WebSocket) protocol for GraphQL subscriptions, as Amplify v6 speaks it
 * (@aws-amplify/api-graphql Providers/AWSWebSocketProvider + AWSAppSyncRealTimeProvider):
 *   connect   wss <graphql>/realtime, subprotocol `graphql-ws`; the auth header {host,
 *             Authorization} comes base64(url)-encoded JSON either as a second subprotocol
 *             `header-<b64>` (Amplify 6.x) or as the query string `header=<b64>&payload=e30=`.
 *   client    {type:'connection_init'}        → server {type:'connection_ack', payload:{connectionTimeoutMs}}
 *                                                then {type:'ka'} periodically
 *             {type:'start', id, payload:{data: JSON {query, variables}, extensions:{authorization}}}
 *                                              → {type:'start_ack', id} | {type:'error', id, payload:{errors}}
 *             {type:'stop', id}                → {type:'complete', id}
 *   server    {type:'data', id, payload:{data:{<field>: …}}} for every matching published mutation;
 *             {type:'complete', id} when a mutation invalidated the subscription (e.g. its user signed out).
 * A bad or missing token on connect: the socket is accepted, `connection_init` is answered with
 * `connection_error` {errors:[{errorType:'UnauthorizedException', errorCode:401}]} and closed
 * (Amplify treats 401 as non-retryable). Each `start` carries its own token, verified too.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpgradeHandler } from '../http.ts';
import type { Executor } from './executor.ts';
import { describeError, headersOf, sourceIps, tokenFrom, type Logger, type VerifyToken } from './graphql-http.ts';
import type { Identity } from './jwt.ts';
import type { SubscriptionRegistry } from './subscriptions.ts';

export const CONNECTION_TIMEOUT_MS = 300_000;
const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
const MAX_MESSAGE_BYTES = 240 * 1024;
const INIT_TIMEOUT_MS = 15_000;
const UNAUTHORIZED = { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', errorCode: 401 };

export interface RealtimeOptions {
  executor: () => Promise<Executor>;
  registry: SubscriptionRegistry;
  verifyToken: VerifyToken;
  log: Logger;
  keepAliveMs?: number;
}

function decodeHeader(b64: string | null | undefined): Record<string, unknown> | null {
  if (!b64) return null;
  try {
    const json = Buffer.from(b64.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    const value = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The connect-time auth header: subprotocol `header-<b64>` or query `header=<b64>`. */
export function connectHeader(req: IncomingMessage): Record<string, unknown> | null {
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const fromProtocol = protocols.find((p) => p.startsWith('header-'));
  if (fromProtocol) return decodeHeader(fromProtocol.slice('header-'.length));
  const url = new URL(req.url ?? '/', 'http://localhost');
  return decodeHeader(url.searchParams.get('header'));
}

export function createRealtime(options: RealtimeOptions): { handleRealtime: UpgradeHandler; close(): Promise<void> } {
  const keepAliveMs = options.keepAliveMs ?? 60_000;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has('graphql-ws') ? 'graphql-ws' : false),
  });

  const verify = async (header: Record<string, unknown> | null | undefined): Promise<Identity | null> => {
    const token = tokenFrom(header?.Authorization ?? header?.authorization);
    return token ? options.verifyToken(token).catch(() => null) : null;
  };

  const onConnection = (ws: WebSocket, req: IncomingMessage, identityPromise: Promise<Identity | null>) => {
    const connectionId = randomUUID();
    const subscriptions = new Map<string, string>(); // client id → registry key
    const ips = sourceIps(req);
    const headers = headersOf(req);
    delete headers['sec-websocket-protocol']; // carries the token
    let keepAlive: NodeJS.Timeout | null = null;
    let initialised = false;
    const send = (msg: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    };
    const initTimer = setTimeout(() => {
      if (!initialised) ws.close(1000, 'connection_init not received');
    }, INIT_TIMEOUT_MS);
    initTimer.unref();

    const start = async (id: string, payload: Record<string, unknown> | undefined) => {
      if (subscriptions.has(id)) return send({ type: 'error', id, payload: { errors: [{ errorType: 'DuplicatedOperationError', message: 'Duplicated operation id' }] } });
      if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) return send({ type: 'error', id, payload: { errors: [{ errorType: 'MaxSubscriptionsReachedError', message: 'Too many subscriptions on this connection' }] } });
      const extensions = (payload?.extensions ?? {}) as { authorization?: Record<string, unknown> };
      const identity = await verify(extensions.authorization);
      if (!identity) return send({ type: 'error', id, payload: { errors: [UNAUTHORIZED] } });
      let data: { query?: string; variables?: Record<string, unknown>; operationName?: string };
      try {
        data = typeof payload?.data === 'string' ? JSON.parse(payload.data) : (payload?.data as typeof data);
      } catch {
        data = {};
      }
      if (!data || typeof data.query !== 'string') return send({ type: 'error', id, payload: { errors: [{ errorType: 'BadRequestException', message: 'payload.data must be a JSON string with a query' }] } });
      const executor = await options.executor();
      const prepared = await executor.prepareSubscription({
        query: data.query,
        variables: data.variables ?? null,
        operationName: data.operationName ?? null,
        identity: { ...identity, sourceIp: ips },
        headers,
        domainName: null,
      });
      if ('errors' in prepared) return send({ type: 'error', id, payload: { errors: prepared.errors } });
      if (ws.readyState !== ws.OPEN || subscriptions.has(id)) return;
      const key = `${connectionId}/${id}`;
      subscriptions.set(id, key);
      options.registry.add({
        key,
        fieldName: prepared.fieldName,
        args: prepared.args,
        filter: prepared.filter,
        invalidationFilter: prepared.invalidationFilter,
        invalidated: () => {
          subscriptions.delete(id);
          send({ type: 'complete', id });
        },
        deliver: (event) => {
          prepared.render(event).then(
            (body) => send({ type: 'data', id, payload: body }),
            (err) => options.log(`[appsync] realtime ${connectionId} delivery failed: ${describeError(err)}`),
          );
        },
      });
      send({ type: 'start_ack', id });
    };

    ws.on('message', (raw) => {
      let msg: { type?: string; id?: string; payload?: Record<string, unknown> };
      try {
        msg = JSON.parse((raw as Buffer).toString());
      } catch {
        return send({ type: 'error', payload: { errors: [{ errorType: 'BadRequestException', message: 'Messages must be JSON' }] } });
      }
      if (!msg || typeof msg !== 'object') return;
      void (async () => {
        if (msg.type === 'connection_init') {
          const identity = await identityPromise;
          if (!identity) {
            send({ type: 'connection_error', payload: { errors: [UNAUTHORIZED] } });
            ws.close(1000, 'Unauthorized');
            return;
          }
          initialised = true;
          clearTimeout(initTimer);
          send({ type: 'connection_ack', payload: { connectionTimeoutMs: CONNECTION_TIMEOUT_MS } });
          send({ type: 'ka' });
          keepAlive ??= setInterval(() => send({ type: 'ka' }), keepAliveMs);
          return;
        }
        if (!initialised) return send({ type: 'connection_error', payload: { errors: [{ errorType: 'BadRequestException', message: 'connection_init expected first', errorCode: 400 }] } });
        if (msg.type === 'start' && typeof msg.id === 'string' && msg.id) return start(msg.id, msg.payload);
        if (msg.type === 'stop' && typeof msg.id === 'string') {
          const key = subscriptions.get(msg.id);
          if (key) options.registry.remove(key);
          subscriptions.delete(msg.id);
          return send({ type: 'complete', id: msg.id });
        }
        send({ type: 'error', id: msg.id, payload: { errors: [{ errorType: 'UnsupportedOperation', message: `Unsupported message type ${String(msg.type)}` }] } });
      })().catch((err) => {
        options.log(`[appsync] realtime ${connectionId} failed: ${describeError(err)}`);
        send({ type: 'error', id: msg.id, payload: { errors: [{ errorType: 'InternalFailure', message: 'An internal error occurred.' }] } });
      });
    });
    ws.on('close', () => {
      clearTimeout(initTimer);
      if (keepAlive) clearInterval(keepAlive);
      for (const key of subscriptions.values()) options.registry.remove(key);
      subscriptions.clear();
    });
    ws.on('error', () => ws.terminate());
  };

  return {
    handleRealtime(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const protocols = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
      if (!protocols.includes('graphql-ws')) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const identityPromise = verify(connectHeader(req));
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req, identityPromise));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
