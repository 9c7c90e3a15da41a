/**
 * Local adapter: no meeting to create; the ticket carries a room token signed with
 * VIDEO_SIGNING_SECRET and naming the practice and the room, which the signaling relay
 * (local/video-signal.ts) verifies and keys its rooms by.
 */
import { signRoomToken } from '../shared/video-token.ts';
import { LOCAL_TOKEN_TTL_SECONDS } from '../../domain/video-ticket.ts';
import type { VideoProvider } from './provider.ts';

export function localProvider(secret: string, signalingPath: string): VideoProvider {
  return {
    name: 'local',
    async open(_target, room) {
      return { generation: room?.generation ?? 1 };
    },
    async join(room, participant, nowSeconds) {
      const expiresAt = Math.min(nowSeconds + LOCAL_TOKEN_TTL_SECONDS, room.expiresAt);
      const token = await signRoomToken({ practice: room.practiceId, room: room.roomId, identity: participant.identity, role: participant.role, expiresAt }, secret);
      return { identity: participant.identity, token, adapter: 'local', roomId: room.roomId, practiceId: room.practiceId, role: participant.role, signalingPath, expiresAt };
    },
  };
}
