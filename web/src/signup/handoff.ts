/**
 * The credentials the sign-up wizard hands to /signin for the automatic sign-in (spec part 1 §4).
 * Kept in this module's memory only — never in the URL or any storage — taken once, and dropped
 * after a few minutes if nobody takes them.
 */
export interface Credentials {
  email: string;
  password: string;
}

const TTL_MS = 5 * 60_000;
let held: (Credentials & { at: number }) | null = null;

export function handOffCredentials(credentials: Credentials): void {
  held = { ...credentials, at: Date.now() };
}

export function takeCredentials(): Credentials | null {
  const value = held;
  held = null;
  if (!value || Date.now() - value.at > TTL_MS) return null;
  return { email: value.email, password: value.password };
}
