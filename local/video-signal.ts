/**
 * The local video adapter's signaling relay (Chime's stand-in for signaling): a WebSocket at
 * /_local/video-signal. Protocol, JSON text frames:
 *   client → {type: 'join', token}           first frame, within 5 s; token from functions/video-join
 *   relay  → {type: 'joined', role, peer}    admitted; peer: whether the other side is present
 *   relay  → {type: 'peer-joined'} / {type: 'peer-left'}
 *   client → {type: 'signal', data} | {type: 'state', data}   relayed verbatim to the peer
 *   relay  → {type: 'ended'}                 the host left: the room is over (socket then closes)
 *   relay  → {type: 'error', reason}         then close: unauthorized (4401) or full (4409)
 * A room is the token's practice and room id together (issue 11 §1): a ticket minted for one
 * practice's room never enters another practice's room of the same id, and a token that names no
 * practice is refused. A room admits at most one host and one guest (the token's role); nothing is
 * stored or logged beyond room membership in memory. SDP and ICE carry no PHI but are never logged either.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpgradeHandler } from './http.ts';
import { verifyRoomToken } from '../functions/shared/video-token.ts';
import type { VideoRole } from '../domain/video-ticket.ts';

const MAX_MESSAGE_BYTES = 64 * 1024;
const JOIN_TIMEOUT_MS = 5000;
const RELAYED = new Set(['signal', 'state']);

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FULL = 4409;
export const CLOSE_ENDED = 4000;

interface Room {
  host?: WebSocket;
  guest?: WebSocket;
}

export interface VideoSignalRelay {
  handleUpgrade: UpgradeHandler;
  /** Rooms with at least one participant (for tests). */
  roomCount(): number;
  close(): Promise<void>;
}

const send = (ws: WebSocket | undefined, message: unknown) => {
  if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
};

export function createVideoSignalRelay(options: { secret: string; joinTimeoutMs?: number }): VideoSignalRelay {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const rooms = new Map<string, Room>();
  const other = (role: VideoRole): VideoRole => (role === 'host' ? 'guest' : 'host');

  function refuse(ws: WebSocket, reason: 'unauthorized' | 'full', code: number) {
    send(ws, { type: 'error', reason });
    ws.close(code, reason);
  }

  /** The relay's room key: practice and room id together, unambiguously. */
  const roomKey = (practice: string, room: string) => JSON.stringify([practice, room]);

  function admit(ws: WebSocket, roomId: string, role: VideoRole) {
    const room = rooms.get(roomId) ?? {};
    if (room[role]) return refuse(ws, 'full', CLOSE_FULL);
    room[role] = ws;
    rooms.set(roomId, room);
    const peer = room[other(role)];
    send(ws, { type: 'joined', role, peer: Boolean(peer) });
    send(peer, { type: 'peer-joined' });

    ws.on('message', (raw, isBinary) => {
      if (isBinary) return;
      let message: { type?: unknown };
      try {
        message = JSON.parse((raw as Buffer).toString());
      } catch {
        return;
      }
      if (message && typeof message.type === 'string' && RELAYED.has(message.type)) send(room[other(role)], message);
    });
    ws.on('close', () => {
      if (room[role] !== ws) return;
      delete room[role];
      const remaining = room[other(role)];
      if (role === 'host') {
        // The host leaving ends the room: drop the guest too.
        delete room.guest;
        rooms.delete(roomId);
        if (remaining) {
          send(remaining, { type: 'ended' });
          remaining.close(CLOSE_ENDED, 'ended');
        }
      } else {
        send(remaining, { type: 'peer-left' });
        if (!remaining) rooms.delete(roomId);
      }
    });
  }

  wss.on('connection', (ws: WebSocket) => {
    const timer = setTimeout(() => refuse(ws, 'unauthorized', CLOSE_UNAUTHORIZED), options.joinTimeoutMs ?? JOIN_TIMEOUT_MS);
    ws.once('message', (raw) => void (async () => {
      clearTimeout(timer);
      let token: unknown;
      try {
        const message = JSON.parse((raw as Buffer).toString()) as { type?: unknown; token?: unknown };
        token = message.type === 'join' ? message.token : undefined;
      } catch {
        token = undefined;
      }
      const claims = typeof token === 'string' ? await verifyRoomToken(token, options.secret) : null;
      if (!claims) return refuse(ws, 'unauthorized', CLOSE_UNAUTHORIZED);
      if (ws.readyState !== ws.OPEN) return;
      admit(ws, roomKey(claims.practice, claims.room), claims.role);
    })());
    ws.on('close', () => clearTimeout(timer));
    ws.on('error', () => ws.terminate());
  });

  return {
    handleUpgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    roomCount: () => rooms.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        rooms.clear();
        wss.close(() => resolve());
      }),
  };
}
