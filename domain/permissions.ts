/**
 * Who may call what: the spec's role matrix (part 2 §6) and plan gating, shared by the web console
 * (menu, route gating — a courtesy) and the `authorize` step at the head of every resolver
 * pipeline (the real gate).
 *
 *   - PERMISSIONS (permission-names.ts): named capabilities; ROLE_PERMISSIONS / GROUP_PERMISSIONS
 *     (role-permissions.ts): who holds them (the
 *     union over a user's roles and groups applies).
 *   - FEATURES / PLAN_FEATURES (plan.ts): what each plan tier covers (plan gating is separate from roles).
 *   - Menu gates, routes, routeAccess() and menuFor() — what the browser uses — are in
 *     route-access.ts, built on this table.
 *   - FIELD_RULES: for each schema field `<Type>.<field>`, the permission it needs and the plan
 *     feature, if any; canCall() — fail closed (unknown field, role or plan → false).
 *
 * Readings of the spec where it is terse (kept here, next to the table they shape):
 *   - "notifications" in a role's list is the Notifications settings page; "summaries" is
 *     the dashboard; "appointments (locked)" is a read-only appointment view.
 *   - Removing (archiving) a client is not listed for any role but owner ("everything") and
 *     clinicianAdmin; "clients create/edit" does not include it.
 *   - Where the matrix says "own", the server scopes to records whose therapistId is the caller.
 *   - A user whose only group is coordinators reaches only homework, homework-list and groups:
 *     not even the always-reachable routes (the spec gives that user no Profile link).
 *
 * This file is imported by APPSYNC_JS resolvers, so it obeys the same rules (linted by
 * @aws-appsync/eslint-plugin): no classes, no try/catch, no while/for(;;), no regex, no recursion,
 * no async, no function passing except inline callbacks to Array methods.
 */
import type { Role } from './identity.ts';
import { isPlan, planHas } from './plan.ts';
import { PERMISSIONS, type Permission } from './permission-names.ts';
import { GROUP_PERMISSIONS, ROLE_PERMISSIONS } from './role-permissions.ts';
import { FIELD_RULES, type FieldRule } from './field-rules.ts';

export { GROUP_PERMISSIONS, PERMISSIONS, ROLE_PERMISSIONS, type Permission };
export { APPOINTMENT_READ, APPOINTMENT_WRITE, BILLING_RIGHTS, FIELD_RULES, type FieldRule } from './field-rules.ts';

const P = PERMISSIONS;

// Plan features and plan gating (FEATURES, PLAN_FEATURES, planHas): plan.ts. Every field's rule: field-rules.ts.

/**
 * The clinician roles: those that write clinical notes (notes.own) — the owner, clinicianAdmin and
 * the three clinician roles. Appointments are held by them (listClinicians, the appointments
 * Lambda) and a plan's Tele Health add-on is counted per clinician (functions/plans).
 */
export const CLINICIAN_ROLES: Role[] = (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => ROLE_PERMISSIONS[role].indexOf(P.notesOwn) >= 0);

/** Whether any of these roles is a clinician role (unknown roles are not). */
export function isClinician(roles: string[] | null | undefined): boolean {
  return (roles || []).some((role) => (CLINICIAN_ROLES as string[]).indexOf(role) >= 0);
}


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

/** Whether a group grants a permission (unknown group → false). */
export function groupHas(group: string, permission: Permission): boolean {
  const granted = own(GROUP_PERMISSIONS, group);
  return granted !== null && granted.indexOf(permission) >= 0;
}

/** Whether any of the roles or groups grants the permission (the union applies). */
export function holds(permission: Permission, roles: string[] | null | undefined, groups?: string[] | null): boolean {
  return (roles || []).some((role) => roleHas(role, permission)) || (groups || []).some((group) => groupHas(group, permission));
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
  if (!isPlan(plan)) {
    return false;
  }
  if (rule.feature && !planHas(plan, rule.feature)) {
    return false;
  }
  return ruleHeld(rule, roles, groups);
}

/** Whether the roles and groups hold what a rule names (neither a permission nor anyOf → false). */
function ruleHeld(rule: FieldRule, roles: string[], groups: string[] | null | undefined): boolean {
  if (rule.permission) {
    return holds(rule.permission, roles, groups);
  }
  return (rule.anyOf || []).some((permission) => holds(permission, roles, groups));
}

/**
 * Whether `field` is a client principal's field (permission client.self): callable only by a
 * signed-in client through authorizeClient, never through a membership. Unknown field → false.
 */
export function isClientField(field: string): boolean {
  const rule = own(FIELD_RULES, field);
  return rule !== null && rule.permission === P.clientSelf;
}

/** Which clients a caller's rights cover: the whole practice, or only their own (therapistId). */
export function clientScope(roles: string[] | null | undefined): 'all' | 'own' {
  return holds(P.clientsAll, roles, []) ? 'all' : 'own';
}
