/**
 * The video join ticket: what getVideoToken (GraphQL, clinician) and getVideoTokenPublic (REST,
 * client) return, and the rules both share. Browser code imports the types only.
 */

export type VideoAdapterName = 'chime' | 'local';
export type VideoRole = 'host' | 'guest';

export interface VideoTicket {
  /** Opaque participant id (never a name or e-mail). */
  identity: string;
  /** Chime: the attendee join token. Local: the signed room token the signaling relay checks. */
  token: string;
  adapter: VideoAdapterName;
  roomId: string;
  /** The practice the room belongs to: a room id means something only within its practice. */
  practiceId?: string | null;
  role: VideoRole;
  /** Host tickets only: the clinician's id, the last part of the sharable link. */
  therapistId?: string | null;
  /** Chime only: JSON of {meeting, attendee} for MeetingSessionConfiguration. */
  joinInfo?: string | null;
  /** Local only: path of the signaling relay's WebSocket on the console's origin. */
  signalingPath?: string | null;
  /** Seconds since the epoch after which the token is refused. */
  expiresAt: number;
}

/**
 * Room ids are created by the clinician's console (a random UUID) and must be unguessable: at least
 * 16 characters of [A-Za-z0-9_-], at most 64 (Chime's ExternalMeetingId limit).
 */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Cognito subs (and other opaque ids we accept as therapistId). */
export const THERAPIST_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A room record lives this long after its last start (DynamoDB TTL; also checked on read). */
export const ROOM_TTL_SECONDS = 12 * 60 * 60;
/** Join tokens of the local adapter live this long. */
export const LOCAL_TOKEN_TTL_SECONDS = 2 * 60 * 60;

/** The public answer for a room that does not exist, has ended or belongs to someone else. */
export const ROOM_NOT_STARTED = 'This video call has not been started. Please wait for your therapist to start the call.';

/** Audience of local room tokens: only the signaling relay accepts them. */
export const LOCAL_TOKEN_AUDIENCE = 'video-signal';
