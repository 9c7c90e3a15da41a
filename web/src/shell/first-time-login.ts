/**
 * The welcome tour's first-time-login flag (spec part 2 §4): raised while this user has never seen
 * the tour in this browser, lowered when the tour opens. Kept in localStorage per user id (an
 * opaque id, not PHI). Sign-out clears local storage (spec part 2 §4) but keeps these flags
 * (tourFlags), so the tour shows on a user's first sign-in only, not after every sign-out (issue 19).
 */
const PREFIX = 'tourSeen:';
const key = (userId: string) => `${PREFIX}${userId}`;

/** The stored tour flags (every user of this browser), to keep across sign-out's clearing. */
export function tourFlags(storage: Pick<Storage, 'length' | 'key' | 'getItem'> = localStorage): [string, string][] {
  const flags: [string, string][] = [];
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    const value = name?.startsWith(PREFIX) ? storage.getItem(name) : null;
    if (name && value !== null) flags.push([name, value]);
  }
  return flags;
}

export function isFirstTimeLogin(userId: string, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(key(userId)) === null;
}

export function resetFirstTimeLogin(userId: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(key(userId), '1');
}
