/**
 * The spec's `isLoggedin` localStorage flag (part 1 §3, §4). A session found without it is cleared
 * at startup. Kept free of Amplify so the light public pages can read it (Signup Now → Dashboard).
 */
export const LOGGED_IN_KEY = 'isLoggedin';

export function hasLoggedInFlag(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(LOGGED_IN_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setLoggedInFlag(storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(LOGGED_IN_KEY, 'true');
}
