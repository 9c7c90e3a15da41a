import { ALLOWED_GROUPS } from '../../../domain/identity';

/** The signed-in person as the console needs it, read from the ID token's claims. */
export interface SessionUser {
  userId: string;
  email: string;
  groups: string[];
}

export function sessionUserFromClaims(claims: Record<string, unknown>): SessionUser {
  const groups = claims['cognito:groups'];
  return {
    userId: typeof claims.sub === 'string' ? claims.sub : '',
    email: typeof claims.email === 'string' ? claims.email : '',
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/** Spec part 1 §4.6: a user in none of the portal's groups may not sign in. */
export function isAllowedUser(user: SessionUser): boolean {
  return user.groups.some((group) => (ALLOWED_GROUPS as readonly string[]).includes(group));
}
