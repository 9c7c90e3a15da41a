/**
 * Sign-out ends the session on the server (issue 11 §2). The membership record carries the last
 * sign-out of its user: `signedOutAt` (epoch seconds) and `signedOutSessions` (the `origin_jti` of
 * the sign-ins ended at that second). The authorize step refuses a token whose sign-in started
 * before it: AppSync checks a Cognito token's signature and expiry only, never its revocation.
 *
 * A token's sign-in starts at `auth_time` (Cognito keeps it across refreshes, so tokens refreshed
 * after the sign-out still date from the old sign-in), or `iat` when absent. Both are whole
 * seconds, so a sign-in in the very second of the sign-out is told apart by its `origin_jti`: the
 * sessions ended at that second are listed, any other sign-in of that second is a new one.
 * APPSYNC_JS: bundled into resolvers (no regex, no classes, no try/catch).
 */

/** At most this many sign-ins are listed per sign-out (a user's live refresh tokens). */
export const MAX_SIGNED_OUT_SESSIONS = 50;

export interface SignOutMark {
  signedOutAt?: number | null;
  signedOutSessions?: string[] | null;
}

/** When the token's sign-in happened, epoch seconds; null when the token says nothing usable. */
export function sessionStartOf(claims: Record<string, unknown> | null | undefined): number | null {
  if (!claims) {
    return null;
  }
  const authTime = claims.auth_time;
  if (typeof authTime === 'number') {
    return authTime;
  }
  const issuedAt = claims.iat;
  return typeof issuedAt === 'number' ? issuedAt : null;
}

/** Whether the sign-in behind these token claims was ended by the membership's last sign-out. */
export function sessionEnded(claims: Record<string, unknown> | null | undefined, mark: SignOutMark | null | undefined): boolean {
  const endedAt = mark ? mark.signedOutAt : null;
  if (typeof endedAt !== 'number') {
    return false;
  }
  const started = sessionStartOf(claims);
  if (started === null || started < endedAt) {
    return true;
  }
  if (started > endedAt) {
    return false;
  }
  // Same second: only the sign-ins the sign-out named are over; without an origin_jti, fail closed.
  const originJti = claims ? claims.origin_jti : null;
  if (typeof originJti !== 'string' || originJti === '') {
    return true;
  }
  const ended = (mark && mark.signedOutSessions) || [];
  return ended.indexOf(originJti) >= 0;
}

/** The sign-ins a sign-out at `now` names: those given (e.g. the caller's own origin_jti), deduplicated and capped. */
export function signedOutSessions(originJtis: unknown[]): string[] {
  const out: string[] = [];
  for (const jti of originJtis) {
    if (typeof jti === 'string' && jti !== '' && out.indexOf(jti) < 0 && out.length < MAX_SIGNED_OUT_SESSIONS) {
      out.push(jti);
    }
  }
  return out;
}
