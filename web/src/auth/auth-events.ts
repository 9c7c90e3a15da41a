import type { AuthEvent } from './api';

/**
 * Account-activity record of a sign-in or sign-out. Best effort: a failure never blocks either.
 * The GraphQL client (Amplify API, ~35 KB gzip) is imported on first use, so /signin and /signup
 * do not download it before the visitor has signed in.
 */
export async function logUserAuthEvent(event: AuthEvent): Promise<void> {
  try {
    const { logUserAuthEvent: log } = await import('./api');
    await log(event);
  } catch {
    // Deliberately silent (a chunk that failed to load included): the event is an audit nicety.
  }
}

/**
 * Ends the session on the server (Mutation.endSession) before Cognito's global sign-out, so the
 * tokens of this and every earlier sign-in stop working at the API at once. Best effort too: if it
 * cannot be reached, the global sign-out still revokes the refresh tokens (no new tokens), and the
 * access and ID tokens lapse within their hour.
 */
export async function endServerSession(): Promise<void> {
  try {
    const { endSession } = await import('./api');
    await endSession();
  } catch {
    // Same as above: sign-out must never be blocked.
  }
}
