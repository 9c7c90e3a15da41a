/**
 * Chime SDK meetings adapter. CreateMeeting is idempotent per room of a practice: ExternalMeetingId
 * and ClientRequestToken both start with the practice id and go on with a digest of (practice, room)
 * — plus a generation for the token — so two clinician tabs opening the same room at once get the
 * same meeting, and the same room id in two practices never maps to one meeting (issue 11 §1). A
 * meeting Chime has ended (no attendees for a while) is replaced by a new one with the next
 * generation. Chime's limits: both at most 64 characters, the token only [-_a-zA-Z0-9].
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  GetMeetingCommand,
  NotFoundException,
  type Meeting,
} from '@aws-sdk/client-chime-sdk-meetings';
import type { VideoRoom } from '../shared/video-room.ts';
import { RoomGoneError, type RoomRef, type VideoProvider } from './provider.ts';

const MAX_ID = 64;
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url');

/** `<practice>_<digest>`, 64 characters; a practice id too long to leave room for 22 digest characters is digested too. */
function namespaced(practiceId: string, ...parts: string[]): string {
  const head = /^[-_a-zA-Z0-9]{1,41}$/.test(practiceId) ? practiceId : digest(practiceId).slice(0, 22);
  return `${head}_${digest(practiceId, ...parts)}`.slice(0, MAX_ID);
}

/** The meeting's ExternalMeetingId: names the practice; one value per (practice, room). */
export const externalMeetingId = (target: RoomRef) => namespaced(target.practiceId, target.roomId);
/** CreateMeeting's idempotency token: per (practice, room, generation). */
export const meetingRequestToken = (target: RoomRef, generation: number) => namespaced(target.practiceId, target.roomId, String(generation));

const isNotFound = (err: unknown) => err instanceof NotFoundException || (err as Error)?.name === 'NotFoundException';

export function chimeProvider(client: ChimeSDKMeetingsClient, mediaRegion: string): VideoProvider {
  async function create(target: RoomRef, generation: number): Promise<Meeting> {
    const out = await client.send(
      new CreateMeetingCommand({ ClientRequestToken: meetingRequestToken(target, generation), ExternalMeetingId: externalMeetingId(target), MediaRegion: mediaRegion }),
    );
    if (!out.Meeting?.MeetingId) throw new Error('CreateMeeting returned no meeting');
    return out.Meeting;
  }

  return {
    name: 'chime',
    async open(target, room) {
      const meetingId = room?.meeting?.MeetingId as string | undefined;
      if (room && meetingId) {
        try {
          const out = await client.send(new GetMeetingCommand({ MeetingId: meetingId }));
          if (out.Meeting) return { meeting: out.Meeting as Record<string, unknown>, generation: room.generation };
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        const generation = room.generation + 1;
        return { meeting: (await create(target, generation)) as Record<string, unknown>, generation };
      }
      const generation = room?.generation ?? 1;
      return { meeting: (await create(target, generation)) as Record<string, unknown>, generation };
    },
    async join(room, participant, _nowSeconds) {
      const meetingId = room.meeting?.MeetingId as string | undefined;
      if (!meetingId) throw new RoomGoneError('Room has no meeting');
      let attendee;
      try {
        // ExternalUserId: the opaque identity plus a nonce, so a rejoin gets a fresh attendee.
        const out = await client.send(new CreateAttendeeCommand({ MeetingId: meetingId, ExternalUserId: `${participant.identity}#${randomUUID().slice(0, 8)}` }));
        attendee = out.Attendee;
      } catch (err) {
        if (isNotFound(err)) throw new RoomGoneError('Meeting has ended');
        throw err;
      }
      if (!attendee?.JoinToken) throw new Error('CreateAttendee returned no attendee');
      return {
        identity: participant.identity,
        token: attendee.JoinToken,
        adapter: 'chime',
        roomId: room.roomId,
        practiceId: room.practiceId,
        role: participant.role,
        joinInfo: JSON.stringify({ meeting: room.meeting, attendee }),
        expiresAt: room.expiresAt,
      };
    },
  };
}

export function chimeClient(): ChimeSDKMeetingsClient {
  return new ChimeSDKMeetingsClient({ region: process.env.CHIME_CONTROL_REGION ?? process.env.AWS_REGION ?? 'us-east-1' });
}

export type { VideoRoom };
