/**
 * Who may call what: the role matrix and plan gating shared by the web console (menu, route
 * gating) and the `authorize` step at the head of every resolver pipeline (the real gate).
 *
 * Shape (so the full matrix of the spec can be added without changing callers):
 *   - PERMISSIONS: named capabilities ("session.log", "client.read", ...).
 *   - ROLE_PERMISSIONS: which permissions each team role grants.
 *   - PLAN_FEATURES: which features each plan tier unlocks.
 *   - FIELD_RULES: for each schema field `<Type>.<field>`, the permission it needs and, when the
 *     field belongs to a paid feature, the feature its plan must include.
 *   - canCall(field, roles, plan): pure, fail closed (unknown field, unknown role or plan → false).
 *
 * This file is imported by APPSYNC_JS resolvers, so it obeys the same rules (linted by
 * @aws-appsync/eslint-plugin): no classes, no try/catch, no while, no regex, no recursion,
 * no async, no function passing except inline callbacks to Array methods.
 */
import type { Plan, Role } from './identity.ts';

/** Named permissions. A field names exactly one; roles grant sets of them. */
export const PERMISSIONS = {
  /** Read one's own identity, practice, roles and plan. */
  selfRead: 'self.read',
  /** Record one's own sign-in / sign-out (account activity). */
  sessionLog: 'session.log',
  /** Watch the practice's account activity (sign-ins and sign-outs of members). */
  sessionWatch: 'session.watch',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Permissions every member of a practice holds, whatever their role. */
const MEMBER_PERMISSIONS: Permission[] = [PERMISSIONS.selfRead, PERMISSIONS.sessionLog, PERMISSIONS.sessionWatch];

/** Permissions granted by each team role (spec part 2 §3). Only member-level rights for now. */
export const ROLE_PERMISSIONS: Record<Role, Permission[]> = {
  owner: MEMBER_PERMISSIONS,
  clinicianAdmin: MEMBER_PERMISSIONS,
  clinicianFullClient: MEMBER_PERMISSIONS,
  clinicianBasicBilling: MEMBER_PERMISSIONS,
  clinicianBasic: MEMBER_PERMISSIONS,
  supervisor: MEMBER_PERMISSIONS,
  biller: MEMBER_PERMISSIONS,
  scheduler: MEMBER_PERMISSIONS,
};

/**
 * Permissions granted by membership of a Cognito group that is not a team role. Coordinators are a
 * group (spec part 1 §6, part 2 §6) with no team role; the group is read from the membership
 * record, like roles, so removing it takes effect on the next request.
 */
export const GROUP_PERMISSIONS: Record<string, Permission[]> = {
  coordinators: MEMBER_PERMISSIONS,
};

/** Plan features (spec part 2 §3); a field may require one. */
export const FEATURES = {
  /** Everything every plan has. */
  core: 'core',
} as const;
export type Feature = (typeof FEATURES)[keyof typeof FEATURES];

export const PLAN_FEATURES: Record<Plan, Feature[]> = {
  basic: [FEATURES.core],
  premium: [FEATURES.core],
  professional: [FEATURES.core],
};

export interface FieldRule {
  permission: Permission;
  /** Plan feature the practice's plan must include (absent: any plan). */
  feature?: Feature;
}

/** Every schema field and what it needs. A field missing here cannot be called (fail closed). */
export const FIELD_RULES: Record<string, FieldRule> = {
  'Query.me': { permission: PERMISSIONS.selfRead },
  'Mutation.logUserAuthEvent': { permission: PERMISSIONS.sessionLog },
  'Subscription.onUserAuthEvent': { permission: PERMISSIONS.sessionWatch },
};

/** Looks a key up in a record without touching its prototype ("constructor", "__proto__"...). */
function own<T>(record: Record<string, T>, key: string): T | null {
  if (Object.keys(record).indexOf(key) < 0) {
    return null;
  }
  return record[key];
}

/** Whether a role grants a permission (unknown role → false). */
export function roleHas(role: string, permission: Permission): boolean {
  const granted = own(ROLE_PERMISSIONS as Record<string, Permission[]>, role);
  return granted !== null && granted.indexOf(permission) >= 0;
}

/** Whether a plan includes a feature (unknown plan → false). */
export function planHas(plan: string, feature: Feature): boolean {
  const features = own(PLAN_FEATURES as Record<string, Feature[]>, plan);
  return features !== null && features.indexOf(feature) >= 0;
}

/** Whether a group grants a permission (unknown group → false). */
export function groupHas(group: string, permission: Permission): boolean {
  const granted = own(GROUP_PERMISSIONS, group);
  return granted !== null && granted.indexOf(permission) >= 0;
}

/**
 * Whether a caller with these roles (and groups, from the membership record), in a practice on this
 * plan, may call `field` ("Type.field").
 */
export function canCall(field: string, roles: string[] | null | undefined, plan: string | null | undefined, groups?: string[] | null): boolean {
  const rule = own(FIELD_RULES, field);
  if (rule === null || !roles || !plan) {
    return false;
  }
  // Unknown plans are denied even for fields without a feature: a corrupt membership fails closed.
  if (own(PLAN_FEATURES as Record<string, Feature[]>, plan) === null) {
    return false;
  }
  if (rule.feature && !planHas(plan, rule.feature)) {
    return false;
  }
  const permission = rule.permission;
  return roles.some((role) => roleHas(role, permission)) || (groups || []).some((group) => groupHas(group, permission));
}
