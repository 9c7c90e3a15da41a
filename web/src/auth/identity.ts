import { ALLOWED_GROUPS } from '../../../domain/identity';

/** The signed-in person as the console needs it, read from the ID token's claims. */
export interface SessionUser {
  userId: string;
  email: string;
  groups: string[];
  /** custom:teamRoles (comma-separated in the token). The API reads roles from the membership. */
  teamRoles: string[];
  /** custom:teamOwnerId: the practice this user belongs to. */
  teamOwnerId: string | null;
  /** Spec part 1 §4: premium while the subscription is due later than now. */
  premium: boolean;
  /** Spec part 1 §4: the numeric custom:isOnTrial. */
  trial: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function sessionUserFromClaims(claims: Record<string, unknown>, now: Date = new Date()): SessionUser {
  const groups = claims['cognito:groups'];
  const due = Date.parse(text(claims['custom:subscriptionDue']));
  const trial = Number(text(claims['custom:isOnTrial']) || 0);
  return {
    userId: text(claims.sub),
    email: text(claims.email),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    teamRoles: text(claims['custom:teamRoles']).split(',').map((r) => r.trim()).filter(Boolean),
    teamOwnerId: text(claims['custom:teamOwnerId']) || null,
    premium: Number.isFinite(due) && due > now.getTime(),
    trial: Number.isFinite(trial) ? trial : 0,
  };
}

/** Spec part 1 §4.6: a user in none of the portal's groups may not sign in. */
export function isAllowedUser(user: SessionUser): boolean {
  return user.groups.some((group) => (ALLOWED_GROUPS as readonly string[]).includes(group));
}
