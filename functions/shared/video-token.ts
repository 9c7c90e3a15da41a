/**
 * Signed room tokens of the local video adapter (HS256 JWT): issued by functions/video-join,
 * checked by the signaling relay (local/video-signal.ts). The secret is VIDEO_SIGNING_SECRET,
 * generated randomly by the local runtime at every start.
 */
import { jwtVerify, SignJWT } from 'jose';
import { LOCAL_TOKEN_AUDIENCE, type VideoRole } from '../../domain/video-ticket.ts';

export interface RoomTokenClaims {
  /** The practice that owns the room: the relay keys rooms by practice and room (issue 11 §1). */
  practice: string;
  room: string;
  identity: string;
  role: VideoRole;
  /** Seconds since the epoch. */
  expiresAt: number;
}

function key(secret: string): Uint8Array {
  if (!secret || secret.length < 32) throw new Error('VIDEO_SIGNING_SECRET must be at least 32 characters');
  return new TextEncoder().encode(secret);
}

export async function signRoomToken(claims: RoomTokenClaims, secret: string): Promise<string> {
  return new SignJWT({ practice: claims.practice, room: claims.room, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.identity)
    .setAudience(LOCAL_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt)
    .sign(key(secret));
}

/** Returns the claims of a valid token, or null (bad signature, expired, wrong audience or shape, no practice). */
export async function verifyRoomToken(token: string, secret: string): Promise<RoomTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: LOCAL_TOKEN_AUDIENCE });
    const role = payload.role;
    if (typeof payload.practice !== 'string' || !payload.practice || typeof payload.room !== 'string' || typeof payload.sub !== 'string' || (role !== 'host' && role !== 'guest') || typeof payload.exp !== 'number') return null;
    return { practice: payload.practice, room: payload.room, identity: payload.sub, role, expiresAt: payload.exp };
  } catch {
    return null;
  }
}
