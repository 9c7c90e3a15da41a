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
