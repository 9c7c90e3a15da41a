/**
 * The video room record (Practice table, PK P#<practiceId>, SK VideoRoom#<roomId>): created when the
 * clinician opens /video/<roomId>, read when the client opens the public link. Expires by TTL
 * (expiresAt); a record past its expiry is treated as absent, since TTL deletion lags.
 *
 * A room id belongs to one practice (issue 11 §1): the first practice to open it claims it in the
 * Directory table (PK VIDEOROOM#<roomId>, SK VIDEOROOM, a conditional write, no expiry), and every
 * other practice is refused that id from then on, so nobody else can be handed a host ticket for it.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from './aws.ts';
import type { VideoAdapterName } from '../../domain/video-ticket.ts';

export interface VideoRoom {
  PK: string;
  SK: string;
  entityType: 'VideoRoom';
  roomId: string;
  practiceId: string;
  /** The clinician who started the room (Cognito sub). */
  hostId: string;
  provider: VideoAdapterName;
  /** Chime only: the Meeting object from CreateMeeting (no PHI: ids and media URLs). */
  meeting?: Record<string, unknown>;
  /** Chime only: bumped when an ended meeting is replaced, part of the idempotency token. */
  generation: number;
  createdAt: string;
  updatedAt: string;
  /** TTL, seconds since the epoch. */
  expiresAt: number;
}

export const videoRoomKey = (practiceId: string, roomId: string) => ({ PK: `P#${practiceId}`, SK: `VideoRoom#${roomId}` });

/** The Directory record that ties a room id to the practice that first opened it. */
export const videoRoomClaimKey = (roomId: string) => ({ PK: `VIDEOROOM#${roomId}`, SK: 'VIDEOROOM' });

export async function getVideoRoom(practiceId: string, roomId: string, nowSeconds: number): Promise<VideoRoom | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: videoRoomKey(practiceId, roomId), ConsistentRead: true }));
  const room = out.Item as VideoRoom | undefined;
  if (!room || room.expiresAt <= nowSeconds) return null;
  return room;
}

export async function putVideoRoom(room: VideoRoom): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table('PRACTICE_TABLE'), Item: room }));
}

/**
 * Claims `roomId` for `practiceId`, or confirms the practice already holds it. False when another
 * practice holds it: the caller must then be refused and nothing else written.
 */
export async function claimVideoRoomId(practiceId: string, roomId: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table('DIRECTORY_TABLE'),
        Key: videoRoomClaimKey(roomId),
        UpdateExpression: 'SET practiceId = if_not_exists(practiceId, :practice), entityType = :entity, createdAt = if_not_exists(createdAt, :now)',
        ConditionExpression: 'attribute_not_exists(PK) OR practiceId = :practice',
        ExpressionAttributeValues: { ':practice': practiceId, ':entity': 'VideoRoomClaim', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Claims, for their practice, the rooms of appointments just written: a room id is the practice's
 * from the moment its appointment exists, not from the first time its clinician opens it, so
 * nobody who learns the id early can take it. Fresh ids are random, so a refusal means a clash of
 * ids and is an error.
 */
export async function claimAppointmentRooms(practiceId: string, items: { videoRoomId?: unknown }[], now: Date): Promise<void> {
  const roomIds = [...new Set(items.map((i) => i.videoRoomId).filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const claimed = await Promise.all(roomIds.map((roomId) => claimVideoRoomId(practiceId, roomId, now)));
  if (claimed.includes(false)) throw new Error('A video room id is held by another practice');
}
