/**
 * The local video signaling relay over real WebSockets: bad tokens refused, at most one host and
 * one guest per room, SDP/ICE relayed verbatim, the peer told when one leaves, the room dropped
 * when the host leaves; a room is a practice's room (issue 11 §1): another practice's ticket for
 * the same room id never meets its client, and a token naming no practice is refused.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { CLOSE_ENDED, CLOSE_FULL, CLOSE_UNAUTHORIZED, createVideoSignalRelay, type VideoSignalRelay } from '../../local/video-signal.ts';
import { signRoomToken } from '../../functions/shared/video-token.ts';
import { LOCAL_TOKEN_AUDIENCE, type VideoRole } from '../../domain/video-ticket.ts';

const SECRET = 's'.repeat(43);
let server: Server;
let relay: VideoSignalRelay;
let url: string;

beforeAll(async () => {
  relay = createVideoSignalRelay({ secret: SECRET, joinTimeoutMs: 500 });
  server = createServer();
  server.on('upgrade', (req, socket, head) => relay.handleUpgrade(req, socket, head, '/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  url = `ws://127.0.0.1:${address.port}/_local/video-signal`;
});
afterAll(async () => {
  await relay.close();
  await new Promise((resolve) => server.close(resolve));
});

interface Client {
  ws: WebSocket;
  messages: Array<Record<string, unknown>>;
  next(type: string): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

function connect(): Promise<Client> {
  const ws = new WebSocket(url);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse((raw as Buffer).toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = async (type: string) => {
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0];
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        setTimeout(() => reject(new Error(`no ${type} message`)), 3000);
      });
    }
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, next, closed }));
    ws.once('error', reject);
  });
}

const PRACTICE_A = 'practice-a';
const token = (room: string, role: VideoRole, identity = `${role}-1`, expiresAt = Math.floor(Date.now() / 1000) + 60, secret = SECRET, practice = PRACTICE_A) =>
  signRoomToken({ practice, room, identity, role, expiresAt }, secret);

async function joined(room: string, role: VideoRole, practice = PRACTICE_A): Promise<Client> {
  const client = await connect();
  client.ws.send(JSON.stringify({ type: 'join', token: await token(room, role, `${role}-1`, undefined, SECRET, practice) }));
  return client;
}

describe('video signaling relay', () => {
  it('refuses a bad, expired or missing token', async () => {
    const forged = await connect();
    forged.ws.send(JSON.stringify({ type: 'join', token: await token('room-a-0000000000', 'host', 'h', undefined, 'x'.repeat(43)) }));
    expect(await forged.next('error')).toEqual({ type: 'error', reason: 'unauthorized' });
    expect(await forged.closed).toBe(CLOSE_UNAUTHORIZED);

    const expired = await connect();
    expired.ws.send(JSON.stringify({ type: 'join', token: await token('room-a-0000000000', 'host', 'h', Math.floor(Date.now() / 1000) - 5) }));
    expect(await expired.closed).toBe(CLOSE_UNAUTHORIZED);

    const garbage = await connect();
    garbage.ws.send('not json');
    expect(await garbage.closed).toBe(CLOSE_UNAUTHORIZED);

    const silent = await connect();
    expect(await silent.closed).toBe(CLOSE_UNAUTHORIZED); // no join within the timeout
    expect(relay.roomCount()).toBe(0);
  });

  it('admits one host and one guest, relays signals both ways and refuses a third participant', async () => {
    const room = 'room-b-0000000000';
    const host = await joined(room, 'host');
    expect(await host.next('joined')).toEqual({ type: 'joined', role: 'host', peer: false });
    const guest = await joined(room, 'guest');
    expect(await guest.next('joined')).toEqual({ type: 'joined', role: 'guest', peer: true });
    await host.next('peer-joined');

    const intruder = await joined(room, 'guest');
    expect(await intruder.next('error')).toEqual({ type: 'error', reason: 'full' });
    expect(await intruder.closed).toBe(CLOSE_FULL);
    const secondHost = await joined(room, 'host');
    expect(await secondHost.closed).toBe(CLOSE_FULL);

    const offer = { type: 'signal', data: { description: { type: 'offer', sdp: 'v=0...' } } };
    host.ws.send(JSON.stringify(offer));
    expect(await guest.next('signal')).toEqual(offer);
    const state = { type: 'state', data: { video: false } };
    guest.ws.send(JSON.stringify(state));
    expect(await host.next('state')).toEqual(state);
    // Only signal and state are relayed.
    guest.ws.send(JSON.stringify({ type: 'joined', role: 'host', peer: true }));
    guest.ws.send(JSON.stringify({ type: 'signal', data: { candidate: { candidate: 'c' } } }));
    expect(await host.next('signal')).toEqual({ type: 'signal', data: { candidate: { candidate: 'c' } } });
    expect(host.messages.filter((m) => m.type === 'joined')).toEqual([]);

    // A guest leaving frees the slot and tells the host; another guest may come in.
    guest.ws.close();
    await host.next('peer-left');
    const again = await joined(room, 'guest');
    expect(await again.next('joined')).toMatchObject({ peer: true });
    await host.next('peer-joined');

    // The host leaving ends the room for the guest.
    host.ws.close();
    await again.next('ended');
    expect(await again.closed).toBe(CLOSE_ENDED);
    await expect.poll(() => relay.roomCount()).toBe(0);
  });

  it('keeps rooms apart', async () => {
    const hostA = await joined('room-c-0000000000', 'host');
    await hostA.next('joined');
    const guestB = await joined('room-d-0000000000', 'guest');
    expect(await guestB.next('joined')).toMatchObject({ peer: false });
    hostA.ws.send(JSON.stringify({ type: 'signal', data: { x: 1 } }));
    await new Promise((r) => setTimeout(r, 100));
    expect(guestB.messages).toEqual([]);
    hostA.ws.close();
    guestB.ws.close();
  });

  it("admits a host only with a ticket minted for that practice's room: the same room id in another practice never meets", async () => {
    const room = 'room-e-0000000000';
    const guestA = await joined(room, 'guest', PRACTICE_A);
    expect(await guestA.next('joined')).toEqual({ type: 'joined', role: 'guest', peer: false });
    // A host ticket of practice B for A's room id: admitted only to B's own room, alone.
    const hostB = await joined(room, 'host', 'practice-b');
    expect(await hostB.next('joined')).toEqual({ type: 'joined', role: 'host', peer: false });
    hostB.ws.send(JSON.stringify({ type: 'signal', data: { description: { type: 'offer', sdp: 'v=0' } } }));
    await new Promise((r) => setTimeout(r, 150));
    expect(guestA.messages).toEqual([]);
    // A's own host joins A's room and meets its guest; B's host still sees nobody.
    const hostA = await joined(room, 'host', PRACTICE_A);
    expect(await hostA.next('joined')).toEqual({ type: 'joined', role: 'host', peer: true });
    await guestA.next('peer-joined');
    expect(hostB.messages).toEqual([]);
    for (const c of [guestA, hostA, hostB]) c.ws.close();
    await expect.poll(() => relay.roomCount()).toBe(0);
  });

  it('refuses a validly signed token that names no practice', async () => {
    const noPractice = await new SignJWT({ room: 'room-f-0000000000', role: 'host' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('host-1')
      .setAudience(LOCAL_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    const client = await connect();
    client.ws.send(JSON.stringify({ type: 'join', token: noPractice }));
    expect(await client.next('error')).toEqual({ type: 'error', reason: 'unauthorized' });
    expect(await client.closed).toBe(CLOSE_UNAUTHORIZED);
  });
});
