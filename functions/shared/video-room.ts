/**
 * The video room record (Practice table, PK P#<practiceId>, SK VideoRoom#<roomId>): created when the
 * clinician opens /video/<roomId>, read when the client opens the public link. Expires by TTL
 * (expiresAt); a record past its expiry is treated as absent, since TTL deletion lags.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from './aws.ts';
import type { VideoAdapterName } from './video-ticket.ts';

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

export async function getVideoRoom(practiceId: string, roomId: string, nowSeconds: number): Promise<VideoRoom | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: videoRoomKey(practiceId, roomId), ConsistentRead: true }));
  const room = out.Item as VideoRoom | undefined;
  if (!room || room.expiresAt <= nowSeconds) return null;
  return room;
}

export async function putVideoRoom(room: VideoRoom): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table('PRACTICE_TABLE'), Item: room }));
}
