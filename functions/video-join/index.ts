/**
 * video-join: issues video join tickets.
 *   - Clinician, from AppSync (Query.getVideoToken, after `authorize`): payload
 *     {field: 'getVideoToken', roomId, caller: {sub, practiceId}}. Creates or reopens the room for
 *     the caller's practice and returns a host ticket. A room id belongs to the first practice that
 *     opened it (claimVideoRoomId): any other practice is refused (Unauthorized) and gets nothing.
 *   - Client, from the public REST gateway (POST /getVideoTokenPublic {clientId, therapistId}):
 *     returns a guest ticket for a room the clinician has started, else 404. Never creates a room.
 *   Tickets name the room's practice (practiceId); the meeting or relay room is per practice and room.
 * The provider (Chime or local) is chosen by VIDEO_PROVIDER. Logs carry error names only.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { json, parseBody } from '../shared/http.ts';
import { getMembership } from '../shared/membership.ts';
import { claimVideoRoomId, getVideoRoom, putVideoRoom, videoRoomKey, type VideoRoom } from '../shared/video-room.ts';
import { ROOM_ID_PATTERN, ROOM_NOT_STARTED, ROOM_TTL_SECONDS, THERAPIST_ID_PATTERN, type VideoTicket } from '../../domain/video-ticket.ts';
import { chimeClient, chimeProvider } from './chime-provider.ts';
import { localProvider } from './local-provider.ts';
import { RoomGoneError, type VideoProvider } from './provider.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';

export interface HostRequest {
  field: 'getVideoToken';
  roomId: string;
  caller: { sub: string; practiceId: string };
}

/** The provider named by VIDEO_PROVIDER (default chime: AWS is where it is unset). */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env): VideoProvider {
  const name = env.VIDEO_PROVIDER ?? 'chime';
  if (name === 'local') {
    const secret = env.VIDEO_SIGNING_SECRET;
    if (!secret) throw new Error('VIDEO_SIGNING_SECRET is not set');
    return localProvider(secret, env.VIDEO_SIGNAL_PATH ?? '/_local/video-signal');
  }
  if (name === 'chime') return chimeProvider(chimeClient(), env.CHIME_MEDIA_REGION ?? env.AWS_REGION ?? 'us-east-1');
  throw new Error(`Unknown VIDEO_PROVIDER: ${name}`);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function hostTicket(request: HostRequest, provider: VideoProvider = providerFromEnv()): Promise<VideoTicket> {
  const { roomId, caller } = request;
  if (typeof roomId !== 'string' || !ROOM_ID_PATTERN.test(roomId)) throw new Refusal('Invalid room id', 'BadRequest');
  if (!caller?.sub || !caller.practiceId) throw new Refusal('Not Authorized', 'Unauthorized');
  const now = nowSeconds();
  // Another practice's room id: refused before anything is read or opened for it.
  if (!(await claimVideoRoomId(caller.practiceId, roomId, new Date(now * 1000)))) throw new Refusal('Not Authorized', 'Unauthorized');
  const existing = await getVideoRoom(caller.practiceId, roomId, now);
  if (existing && existing.hostId !== caller.sub) throw new Refusal('This video room belongs to another clinician', 'Unauthorized');
  const reusable = existing && existing.provider === provider.name ? existing : null;
  const opened = await provider.open({ practiceId: caller.practiceId, roomId }, reusable);
  const stamp = new Date(now * 1000).toISOString();
  const room: VideoRoom = {
    ...videoRoomKey(caller.practiceId, roomId),
    entityType: 'VideoRoom',
    roomId,
    practiceId: caller.practiceId,
    hostId: caller.sub,
    provider: provider.name,
    ...opened,
    createdAt: existing?.createdAt ?? stamp,
    updatedAt: stamp,
    expiresAt: now + ROOM_TTL_SECONDS,
  };
  await putVideoRoom(room);
  const ticket = await provider.join(room, { identity: `host-${randomUUID()}`, role: 'host' }, now);
  return { ...ticket, practiceId: caller.practiceId, therapistId: caller.sub };
}

export async function guestTicket(event: APIGatewayProxyEventV2, provider?: VideoProvider): Promise<APIGatewayProxyStructuredResultV2> {
  const body = parseBody(event);
  const roomId = body?.clientId;
  const therapistId = body?.therapistId;
  if (typeof roomId !== 'string' || typeof therapistId !== 'string' || !THERAPIST_ID_PATTERN.test(therapistId)) {
    return json(400, { message: 'clientId and therapistId are required' });
  }
  // An id that could never have been issued is answered like a room that was not started.
  if (!ROOM_ID_PATTERN.test(roomId)) return json(404, { message: ROOM_NOT_STARTED });
  const now = nowSeconds();
  const membership = await getMembership(therapistId);
  const room = membership ? await getVideoRoom(membership.practiceId, roomId, now) : null;
  const chosen = provider ?? providerFromEnv();
  if (!membership || !room || room.hostId !== therapistId || room.provider !== chosen.name) return json(404, { message: ROOM_NOT_STARTED });
  try {
    // The ticket names the practice whose room this is (the one the clinician's membership names).
    const ticket = await chosen.join({ ...room, practiceId: membership.practiceId }, { identity: `guest-${randomUUID()}`, role: 'guest' }, now);
    return json(200, { ...ticket, practiceId: membership.practiceId });
  } catch (err) {
    if (err instanceof RoomGoneError) return json(404, { message: ROOM_NOT_STARTED });
    throw err;
  }
}

const isGatewayEvent = (event: unknown): event is APIGatewayProxyEventV2 =>
  Boolean(event && typeof event === 'object' && 'requestContext' in event && (event as APIGatewayProxyEventV2).requestContext?.http);

export async function handler(event: unknown): Promise<unknown> {
  if (isGatewayEvent(event)) {
    try {
      return await guestTicket(event);
    } catch (err) {
      const id = randomUUID();
      console.error(`[video-join] public request ${id} failed: ${(err as Error).name}`);
      return json(500, { message: 'Internal Server Error', requestId: id });
    }
  }
  return hostHandler(event as HostRequest);
}

/** AppSync's getVideoToken: refusals come back as data, anything else as the logged generic error (functions/shared/refusal.ts). */
const hostHandler = appsyncHandler('video-join', async (request: HostRequest) => {
  if (request?.field !== 'getVideoToken') throw new Refusal('Unknown request', 'BadRequest');
  return hostTicket(request);
});
