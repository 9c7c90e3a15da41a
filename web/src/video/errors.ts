/**
 * Join failures the adapters detect themselves. Its own module (no adapter code): the screens test
 * for it to word the reason in the visitor's language.
 */
/** Why joining failed, when our own adapter code knows (the page words it in the visitor's language). */
export type VideoFailure = 'full' | 'invalidLink' | 'closed' | 'unreachable' | 'noMeeting' | 'meetingStopped';

/** A join failure the adapters detect themselves; `message` stays English (logs, tests). */
export class VideoCallError extends Error {
  override name = 'VideoCallError';
  constructor(
    readonly reason: VideoFailure,
    message: string,
    /** The service's status code, for 'meetingStopped'. */
    readonly status?: number,
  ) {
    super(message);
  }
}
