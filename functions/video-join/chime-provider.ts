/**
 * Chime SDK meetings adapter. CreateMeeting is idempotent per room: ExternalMeetingId is the room id
 * and ClientRequestToken is the room id plus a generation, so two clinician tabs opening the same
 * room at once get the same meeting; a meeting Chime has ended (no attendees for a while) is
 * replaced by a new one with the next generation.
 */
import { randomUUID } from 'node:crypto';
import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  GetMeetingCommand,
  NotFoundException,
  type Meeting,
} from '@aws-sdk/client-chime-sdk-meetings';
import type { VideoRoom } from '../shared/video-room.ts';
import { RoomGoneError, type VideoProvider } from './provider.ts';

const isNotFound = (err: unknown) => err instanceof NotFoundException || (err as Error)?.name === 'NotFoundException';

export function chimeProvider(client: ChimeSDKMeetingsClient, mediaRegion: string): VideoProvider {
  async function create(roomId: string, generation: number): Promise<Meeting> {
    const out = await client.send(
      new CreateMeetingCommand({ ClientRequestToken: `${roomId}.${generation}`.slice(0, 64), ExternalMeetingId: roomId, MediaRegion: mediaRegion }),
    );
    if (!out.Meeting?.MeetingId) throw new Error('CreateMeeting returned no meeting');
    return out.Meeting;
  }

  return {
    name: 'chime',
    async open(roomId, room) {
      const meetingId = room?.meeting?.MeetingId as string | undefined;
      if (room && meetingId) {
        try {
          const out = await client.send(new GetMeetingCommand({ MeetingId: meetingId }));
          if (out.Meeting) return { meeting: out.Meeting as Record<string, unknown>, generation: room.generation };
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        const generation = room.generation + 1;
        return { meeting: (await create(roomId, generation)) as Record<string, unknown>, generation };
      }
      const generation = room?.generation ?? 1;
      return { meeting: (await create(roomId, generation)) as Record<string, unknown>, generation };
    },
    async join(room, participant, nowSeconds) {
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
