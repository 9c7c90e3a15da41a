/**
 * The subscriptions client (web/src/platform/realtime.ts) against a stand-in AppSync realtime
 * endpoint speaking the protocol of AWS's guide (and of local/appsync/realtime.ts): how it connects
 * (header/payload query, graphql-ws), what it starts with (the query and the token as
 * extensions.authorization), what the page is given (each event's data; an error on a refusal), and
 * that unsubscribing stops the operation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted((): { token: string | undefined; endpoint: string } => ({ token: 'access-token-1', endpoint: '' }));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: session.token ? { accessToken: { toString: () => session.token } } : undefined }),
}));
vi.mock('../../../web/src/platform/amplify', () => ({ ensureAmplifyConfigured: () => ({ graphqlEndpoint: session.endpoint, backend: 'local' }) }));

import { realtimeUrl, subscribe } from '../../../web/src/platform/realtime';

type Frame = { type: string; id?: string; payload?: { data?: string; extensions?: { authorization?: unknown } } };
interface Connection {
  url: string;
  protocol: string;
  socket: ServerSocket;
  frames: Frame[];
}

let server: Server;
let wss: WebSocketServer;
const connections: Connection[] = [];
/** What the stand-in does with connection_init and start. */
let behaviour: 'accept' | 'refuse-connection' | 'refuse-start' = 'accept';

const next = <T>(check: () => T | undefined): Promise<T> =>
  vi.waitFor(() => {
    const value = check();
    if (value === undefined) throw new Error('not yet');
    return value;
  });

beforeAll(async () => {
  Object.assign(globalThis, { WebSocket: NodeWebSocket });
  server = createServer();
  wss = new WebSocketServer({ server, handleProtocols: (protocols) => (protocols.has('graphql-ws') ? 'graphql-ws' : false) });
  wss.on('connection', (socket, req) => {
    const connection: Connection = { url: req.url ?? '', protocol: socket.protocol, socket, frames: [] };
    connections.push(connection);
    socket.on('message', (raw) => {
      const frame = JSON.parse((raw as Buffer).toString()) as Frame;
      connection.frames.push(frame);
      if (frame.type === 'connection_init') {
        if (behaviour === 'refuse-connection') return socket.send(JSON.stringify({ type: 'connection_error', payload: { errors: [{ errorType: 'UnauthorizedException', errorCode: 401 }] } }));
        socket.send(JSON.stringify({ type: 'connection_ack', payload: { connectionTimeoutMs: 300_000 } }));
        socket.send(JSON.stringify({ type: 'ka' }));
      }
      if (frame.type === 'start') {
        if (behaviour === 'refuse-start') return socket.send(JSON.stringify({ type: 'error', id: frame.id, payload: { errors: [{ errorType: 'Unauthorized', message: 'Not authorized' }] } }));
        socket.send(JSON.stringify({ type: 'start_ack', id: frame.id }));
      }
      if (frame.type === 'stop') socket.send(JSON.stringify({ type: 'complete', id: frame.id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  session.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
});

describe('realtime URL', () => {
  it("is AppSync's realtime domain for the API's own domain, <endpoint>/realtime otherwise (ws:// for plain http)", () => {
    expect(realtimeUrl('https://abcdefghijklmnopqrstuvwxyz.appsync-api.us-east-1.amazonaws.com/graphql')).toBe(
      'wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.us-east-1.amazonaws.com/graphql',
    );
    expect(realtimeUrl('https://api.portal.example/graphql')).toBe('wss://api.portal.example/graphql/realtime');
    expect(realtimeUrl('http://localhost:3000/graphql')).toBe('ws://localhost:3000/graphql/realtime');
  });
});

describe('subscribe', () => {
  it('connects with the token in the header query, starts the query with it, gives each event to the page, and stops on unsubscribe', async () => {
    behaviour = 'accept';
    const events: unknown[] = [];
    const errors: unknown[] = [];
    const subscription = subscribe('subscription OnEvent { onEvent { id } }', { next: (data) => events.push(data), error: (error) => errors.push(error) });
    const connection = await next(() => connections.at(-1)?.frames.find((f) => f.type === 'start') && connections.at(-1));
    const host = new URL(session.endpoint).host;
    const query = new URL(connection.url, 'http://x');
    expect(query.pathname).toBe('/graphql/realtime');
    expect(JSON.parse(Buffer.from(query.searchParams.get('header')!, 'base64').toString())).toEqual({ host, Authorization: 'access-token-1' });
    expect(query.searchParams.get('payload')).toBe('e30=');
    expect(connection.protocol).toBe('graphql-ws');
    const [init, start] = connection.frames;
    expect(init).toEqual({ type: 'connection_init' });
    expect(JSON.parse(start.payload!.data!)).toEqual({ query: 'subscription OnEvent { onEvent { id } }', variables: {} });
    expect(start.payload!.extensions).toEqual({ authorization: { host, Authorization: 'access-token-1' } });

    connection.socket.send(JSON.stringify({ type: 'data', id: start.id, payload: { data: { onEvent: { id: 'e1' } } } }));
    connection.socket.send(JSON.stringify({ type: 'data', id: 'someone-else', payload: { data: { onEvent: { id: 'x' } } } }));
    await next(() => events[0]);
    subscription.unsubscribe();
    await next(() => connection.frames.find((f) => f.type === 'stop'));
    expect(connection.frames.find((f) => f.type === 'stop')?.id).toBe(start.id);
    expect(events).toEqual([{ onEvent: { id: 'e1' } }]);
    expect(errors).toEqual([]);
  });

  it('reports a refused connection and a refused start through error, with the errors AppSync sent', async () => {
    for (const [refusal, errorType] of [['refuse-connection', 'UnauthorizedException'], ['refuse-start', 'Unauthorized']] as const) {
      behaviour = refusal;
      const errors: Array<{ errors?: Array<{ errorType?: string }> }> = [];
      subscribe('subscription OnEvent { onEvent { id } }', { next: () => undefined, error: (error) => errors.push(error as (typeof errors)[number]) });
      const error = await next(() => errors[0]);
      expect(error.errors?.[0]?.errorType).toBe(errorType);
    }
  });

  it('refuses without a signed-in user, opening no socket', async () => {
    behaviour = 'accept';
    session.token = undefined;
    const before = connections.length;
    const errors: unknown[] = [];
    subscribe('subscription OnEvent { onEvent { id } }', { next: () => undefined, error: (error) => errors.push(error) });
    await next(() => errors[0]);
    expect(String(errors[0])).toMatch(/No signed-in user/);
    expect(connections.length).toBe(before);
    session.token = 'access-token-1';
  });
});
