/**
 * Plans (spec part 2 §3 "Plans", §6 plan-based access) — the plan rules in one place (issue 17):
 * the plan ids in order (basic < premium < professional), their stored names, what each plan covers
 * (plan gating, separate from roles), and the practice's current plan as the API returns it.
 * What a plan costs and the pricing page's matrix are in pricing.ts; changing plan is
 * functions/plans/. Imported by APPSYNC_JS resolvers (authorize, loadPracticeRecord): no regex,
 * no classes, no try, no while/for(;;).
 */

/** Plan ids, cheapest first (spec part 2 §3). `basic` is the free plan, named ESSENTIALS. */
export const PLANS = ['basic', 'premium', 'professional'] as const;
export type Plan = (typeof PLANS)[number];

/** The plan name a new practice starts on (= basic). */
export const DEFAULT_PLAN_NAME = 'ESSENTIALS';

/** Plan names as stored (planName) for each plan id. */
export const PLAN_NAMES: Record<string, string> = { basic: 'ESSENTIALS', premium: 'PREMIUM', professional: 'PROFESSIONAL' };

/** Whether a string is a plan id (a corrupt or unknown plan is not). */
export function isPlan(plan: string): plan is Plan {
  return (PLANS as readonly string[]).indexOf(plan) >= 0;
}

/** Plan features: what a plan tier covers (spec part 2 §6, plan-based route access). */
export const FEATURES = {
  /** Everything every plan has (sign-in logging, one's own identity). */
  core: 'core',
  profile: 'profile',
  dashboard: 'dashboard',
  clients: 'clients',
  appointments: 'appointments',
  communication: 'communication',
  secureMessaging: 'secureMessaging',
  coachApps: 'coachApps',
  appsExport: 'appsExport',
  groups: 'groups',
  homework: 'homework',
  assessments: 'assessments',
  insights: 'insights',
  billing: 'billing',
  coverage: 'coverage',
  settings: 'settings',
  subscription: 'subscription',
  teamMembers: 'teamMembers',
  accountActivity: 'accountActivity',
  /** Clients' own accounts: the client portal (pricing: "Client Portal", Professional; issue 12). */
  clientPortal: 'clientPortal',
} as const;
export type Feature = (typeof FEATURES)[keyof typeof FEATURES];

const F = FEATURES;

/** The lists are the spec's, as written (premium does not list insights, dashboard or activity). */
export const PLAN_FEATURES: Record<Plan, Feature[]> = {
  basic: [F.core, F.profile, F.coachApps, F.insights, F.clients, F.teamMembers, F.accountActivity, F.dashboard],
  premium: [
    F.core, F.profile, F.homework, F.coachApps, F.subscription, F.appointments, F.communication, F.groups,
    F.assessments, F.clients, F.teamMembers, F.appsExport, F.secureMessaging,
  ],
  professional: [
    F.core, F.profile, F.dashboard, F.clients, F.appointments, F.communication, F.secureMessaging, F.coachApps,
    F.appsExport, F.groups, F.homework, F.assessments, F.insights, F.billing, F.coverage, F.settings,
    F.subscription, F.teamMembers, F.accountActivity, F.clientPortal,
  ],
};

/** Whether a plan includes a feature (unknown plan → false). */
export function planHas(plan: string, feature: Feature): boolean {
  return isPlan(plan) && PLAN_FEATURES[plan].indexOf(feature) >= 0;
}

/**
 * The current plan from the practice's (owner's) membership record. The practice's plan and
 * subscription live on the owner's membership (practiceId = the owner's sub); every member's
 * membership carries a copy of `plan`, the only field the authorize step needs.
 */
export function toCurrentPlan(owner: Record<string, unknown> | null): Record<string, unknown> {
  const record = owner || {};
  const planId = (record.plan as string) || 'basic';
  const trial = record.isOnTrial;
  return {
    subscriptionId: record.subscriptionId || null,
    subscriptionDue: record.subscriptionDue || null,
    planId: planId,
    planRef: record.planRef || null,
    planName: (record.planName) || PLAN_NAMES[planId] || null,
    isOnTrial: trial === undefined || trial === null ? 0 : Number(trial),
    teleHealth: record.teleHealth === true,
  };
}
