/**
 * The welcome tour's first-time-login flag (spec part 2 §4): raised while this user has never seen
 * the tour in this browser, lowered when the tour opens. Kept in localStorage per user id (an
 * opaque id, not PHI). Sign-out clears local storage (spec part 2 §4), so after signing out the
 * tour shows again on the next sign-in; a server-side "tour seen" field would fix that.
 */
const key = (userId: string) => `tourSeen:${userId}`;

export function isFirstTimeLogin(userId: string, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(key(userId)) === null;
}

export function resetFirstTimeLogin(userId: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(key(userId), '1');
}
