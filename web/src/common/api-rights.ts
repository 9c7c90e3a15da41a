/**
 * The few API field rules the console asks before it offers a tab or an action, restated here so the
 * first-loaded code does not carry the whole rule table (domain/field-rules.ts, ~19 KB raw: importing
 * `canCall` from the web put it on every page's first load). test/unit/web/api-rights.test.ts checks
 * each entry against `canCall` — the rule the API applies — for every role, group and plan, so the two
 * cannot drift. A courtesy only: the API stays the gate.
 */
import { holds, PERMISSIONS as P, type Permission } from '../../../domain/permissions';
import { FEATURES as F, isPlan, planHas, type Feature } from '../../../domain/plan';

interface Right {
  anyOf: Permission[];
  feature?: Feature;
}

export const API_RIGHTS = {
  // The progress note and the clinician's video room: the clinician roles (notes.own).
  'Query.getProgressNote': { anyOf: [P.notesOwn], feature: F.appointments },
  'Query.getVideoToken': { anyOf: [P.notesOwn] },
  // A client's billing: every client-billing right, the scheduler's "client billing without claims" included.
  'Query.getClientBilling': { anyOf: [P.clientBilling, P.clientBillingOwn, P.clientBillingNoClaims, P.billing, P.billingOwn], feature: F.billing },
} satisfies Record<string, Right>;

export type ApiField = keyof typeof API_RIGHTS;

/** Whether roles, groups and plan may call the field (as canCall answers for it). */
export function mayCall(field: ApiField, roles: string[] | null | undefined, plan: string | null | undefined, groups?: string[] | null): boolean {
  const right: Right = API_RIGHTS[field];
  if (!roles || !plan || !isPlan(plan)) return false;
  if (right.feature && !planHas(plan, right.feature)) return false;
  return right.anyOf.some((p) => holds(p, roles, groups));
}
