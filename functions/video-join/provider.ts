/** The video service behind a room: Chime SDK meetings in AWS, the local WebRTC relay locally. */
import type { VideoRoom } from '../shared/video-room.ts';
import type { VideoAdapterName, VideoRole, VideoTicket } from '../../domain/video-ticket.ts';

export interface Participant {
  /** Opaque id, never a name or e-mail. */
  identity: string;
  role: VideoRole;
}

/** Raised when a room cannot be joined (e.g. its meeting has ended); the handler answers 404. */
export class RoomGoneError extends Error {
  override name = 'RoomGoneError';
}

/** A room is named by its practice and its id: the same id in two practices is two rooms. */
export interface RoomRef {
  practiceId: string;
  roomId: string;
}

export interface VideoProvider {
  readonly name: VideoAdapterName;
  /**
   * Makes the room's meeting exist (create, or reuse the one in `room`); returns the fields to
   * store in the room record. Idempotent per room.
   */
  open(target: RoomRef, room: VideoRoom | null): Promise<Pick<VideoRoom, 'meeting' | 'generation'>>;
  /** Issues a ticket for one participant of an opened room. Throws RoomGoneError if it ended. */
  join(room: VideoRoom, participant: Participant, nowSeconds: number): Promise<VideoTicket>;
}
