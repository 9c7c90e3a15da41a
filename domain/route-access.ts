/**
 * Route access and the side navigation (spec part 2 §2.2, §4, §6): which /app routes a user may
 * open, which the plan locks, and the menu they see. Built on the permission matrix in
 * permissions.ts — the same table the API's authorize step enforces; here it is the browser's
 * courtesy gating. Pure functions, no I/O.
 */
import { APPOINTMENT_READ, PERMISSIONS, holds, type Permission } from './permissions.ts';
import { FEATURES, planHas, type Feature } from './plan.ts';

const P = PERMISSIONS;
const F = FEATURES;

/** The spec's menu gates (part 2 §6); each is passed by any one of its permissions. */
export const MENU_GATES = {
  Clients: [P.clientRead],
  Appointment: APPOINTMENT_READ,
  SecureMessaging: [P.secureMessaging],
  Apps: [P.apps],
  Groups: [P.groups],
  Homework: [P.homework],
  Assessments: [P.assessments],
  // Insights: the right, or Apps — the clinicians read their clients' entries there (tour: "view client entries (Insights)").
  Insights: [P.insights, P.apps],
  Billing: [P.billing, P.billingOwn],
  Coverage: [P.coverage],
  PracticeDetails: [P.practiceDetails],
  Documents: [P.documents],
  Notifications: [P.notifications],
  NotesAndForms: [P.notesAndForms],
  ClientPortal: [P.clientPortal],
  InsurancePayers: [P.insurancePayers],
  Subscription: [P.subscription],
  TeamMembers: [P.teamMembers],
  Activity: [P.activity],
  // Supervision (issue 18): the supervisor's co-signature list; the spec names no route (/app/supervision).
  Supervision: [P.supervision],
} as const satisfies Record<string, readonly Permission[]>;
export type MenuGate = keyof typeof MENU_GATES;

/** Reachable whatever the roles and plan (spec part 2 §4), except for a coordinator-only user. */
export const ALWAYS_REACHABLE = ['/app/profile', '/app/settings/billing-and-service', '/app/upgrade-plan'];

/**
 * Billing and Service has no menu gate and no plan gate (§4, §6), but its settings are the
 * "billing and services settings" of the §6 matrix (owner, clinicianAdmin, biller): the roles
 * without them neither see nor open it (issue 19: they met a system error and a spinner).
 */
const ALWAYS_REACHABLE_FOR: Record<string, Permission> = { '/app/settings/billing-and-service': P.billingAndService };

/** The only routes of a user whose only group is coordinators (spec part 2 §2.2). */
export const COORDINATOR_ROUTES = ['/app/homework', '/app/homework-list', '/app/groups'];

export interface RouteRule {
  path: string;
  /** Any one of these permissions lets the user in. */
  anyOf: Permission[];
  feature: Feature;
  /** Also matches `<path>/<anything>` (e.g. /app/insights/{chartType}). */
  prefix?: boolean;
}

const BILLING_ANY: Permission[] = [P.billing, P.billingOwn];

/** Every gated /app route (spec part 2 §2.1) with its role gate and plan feature. */
export const ROUTES: RouteRule[] = [
  { path: '/app/clients', anyOf: [P.clientRead], feature: F.clients, prefix: true },
  { path: '/app/dashboard', anyOf: [P.summaries], feature: F.dashboard },
  { path: '/app/appointment', anyOf: APPOINTMENT_READ, feature: F.appointments },
  { path: '/app/appointment-status', anyOf: APPOINTMENT_READ, feature: F.appointments },
  // Secure messaging (issue 12): the holders of secure.messaging and the clinicians (their own clients' conversations).
  { path: '/app/communication', anyOf: [P.secureMessaging, P.notesOwn], feature: F.communication },
  { path: '/app/act-coach', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/cbt-companion', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/dbt-coach', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/mi-coach', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/dbt-daily', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/ifs-companion', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/emdr', anyOf: [P.apps], feature: F.coachApps },
  { path: '/app/demo-designs', anyOf: [P.demoData], feature: F.coachApps },
  { path: '/app/groups', anyOf: [P.groups], feature: F.groups },
  { path: '/app/homework', anyOf: [P.homework], feature: F.homework },
  { path: '/app/homework-list', anyOf: [P.homework, P.homeworkList], feature: F.homework },
  { path: '/app/assessments/config', anyOf: [P.assessments], feature: F.assessments },
  { path: '/app/assessments', anyOf: [P.assessments], feature: F.assessments },
  { path: '/app/assessments/population', anyOf: [P.assessments], feature: F.assessments },
  { path: '/app/insights', anyOf: [P.insights, P.apps], feature: F.insights, prefix: true },
  { path: '/app/billings', anyOf: BILLING_ANY, feature: F.billing },
  { path: '/app/billings/insurance', anyOf: BILLING_ANY, feature: F.billing },
  { path: '/app/billings/insurance_payments/new', anyOf: BILLING_ANY, feature: F.billing },
  { path: '/app/billings/documents', anyOf: BILLING_ANY, feature: F.billing },
  { path: '/app/coverage', anyOf: [P.coverage], feature: F.coverage },
  { path: '/app/supervision', anyOf: [P.supervision], feature: F.core },
  // Practice administration (issue 18; the spec names no routes): the clients summary (ClientsSummary
  // practice-wide, summaries their scope; every plan).
  { path: '/app/clients-summary', anyOf: [P.clientsSummary, P.summaries], feature: F.clients },
  // The data export (DataExport: owner, clinicianAdmin; every plan).
  { path: '/app/data-export', anyOf: [P.dataExport], feature: F.core },
  // The demo data set (DemoData: the owner, clinicianAdmin as owner; every plan).
  { path: '/app/demo-data', anyOf: [P.demoData], feature: F.core },
  { path: '/app/settings/practice-details', anyOf: [P.practiceDetails], feature: F.settings },
  { path: '/app/settings/documents', anyOf: [P.documents], feature: F.settings },
  { path: '/app/settings/notifications', anyOf: [P.notifications], feature: F.settings },
  { path: '/app/settings/notesAndForms', anyOf: [P.notesAndForms], feature: F.settings },
  { path: '/app/settings/client-portal', anyOf: [P.clientPortal], feature: F.settings },
  { path: '/app/settings/insurance-payer', anyOf: [P.insurancePayers], feature: F.settings },
  { path: '/app/subscription', anyOf: [P.subscription], feature: F.subscription },
  { path: '/app/team_members', anyOf: [P.teamMembers], feature: F.teamMembers },
  { path: '/app/account-activity', anyOf: [P.activity], feature: F.accountActivity },
];

export interface Viewer {
  roles?: string[] | null;
  groups?: string[] | null;
  plan?: string | null;
}

export type Access = 'allowed' | 'forbidden' | 'locked';

/** A user whose only group is coordinators and who holds no team role. */
export function isCoordinatorOnly(viewer: Viewer): boolean {
  const groups = viewer.groups || [];
  return (viewer.roles || []).length === 0 && groups.length > 0 && groups.every((g) => g === 'coordinators');
}

/** Whether the user passes a menu gate (roles and groups only; the plan is not considered). */
export function passesGate(gate: MenuGate, viewer: Viewer): boolean {
  const anyOf = MENU_GATES[gate] as readonly Permission[] as Permission[];
  return anyOf.some((p) => holds(p, viewer.roles, viewer.groups));
}

function findRoute(path: string): RouteRule | null {
  const exact = ROUTES.filter((r) => r.path === path);
  if (exact.length > 0) {
    return exact[0];
  }
  const nested = ROUTES.filter((r) => r.prefix === true && path.indexOf(r.path + '/') === 0 && path.length > r.path.length + 1);
  return nested.length > 0 ? nested[0] : null;
}

/**
 * Route gating (spec part 2 §4): 'forbidden' (roles do not allow it: go to /app/clients, or to
 * /app/appointment when already there), 'locked' (the plan does not cover it: go to
 * /app/upgrade-plan) or 'allowed'. Unknown /app paths are 'forbidden' (the browser redirects them).
 */
export function routeAccess(path: string, viewer: Viewer): Access {
  if (path === '/help') {
    return 'allowed';
  }
  const coordinatorOnly = isCoordinatorOnly(viewer);
  if (coordinatorOnly && COORDINATOR_ROUTES.indexOf(path) < 0) {
    return 'forbidden';
  }
  if (!coordinatorOnly && ALWAYS_REACHABLE.indexOf(path) >= 0) {
    const needs = ALWAYS_REACHABLE_FOR[path];
    return needs === undefined || holds(needs, viewer.roles, viewer.groups) ? 'allowed' : 'forbidden';
  }
  const route = findRoute(path);
  if (route === null || !route.anyOf.some((p) => holds(p, viewer.roles, viewer.groups))) {
    return 'forbidden';
  }
  return planHas(viewer.plan || '', route.feature) ? 'allowed' : 'locked';
}

export interface MenuItem {
  label: string;
  /** Route of a leaf; absent on an item with children or an external link. */
  path?: string;
  /** External link (Help opens the help site). */
  external?: boolean;
  locked: boolean;
  children?: MenuItem[];
}

export interface MenuSection {
  /** Section heading; null for the top-level items (Clients, Help). */
  title: string | null;
  items: MenuItem[];
}

interface MenuLeaf {
  label: string;
  path: string;
}

interface MenuEntry {
  label: string;
  path?: string;
  children?: MenuLeaf[];
}

/** The sidebar (spec part 2 §2.2). Coach-app entries are further filtered by the account's app list. */
export const MENU: { title: string | null; entries: MenuEntry[] }[] = [
  { title: null, entries: [{ label: 'Clients', path: '/app/clients' }] },
  {
    title: 'Client Communication',
    entries: [
      { label: 'Appointments', path: '/app/appointment' },
      { label: 'Telehealth', path: '/app/communication' },
    ],
  },
  {
    title: 'Evidence-based Tools',
    entries: [
      {
        label: 'Apps',
        children: [
          { label: 'ACT Coach', path: '/app/act-coach' },
          { label: 'CBT Companion', path: '/app/cbt-companion' },
          { label: 'DBT Coach', path: '/app/dbt-coach' },
          { label: 'MI Coach', path: '/app/mi-coach' },
          { label: 'DBT Daily', path: '/app/dbt-daily' },
          // EMDR (issue 14): the external EMDR app in a new window — /app/emdr hands off with a single-use code.
          { label: 'EMDR', path: '/app/emdr' },
        ],
      },
      { label: 'Groups', path: '/app/groups' },
      {
        label: 'Homework',
        children: [
          { label: 'Assign or Schedule', path: '/app/homework' },
          { label: 'List', path: '/app/homework-list' },
        ],
      },
      {
        label: 'Assessments',
        children: [
          { label: 'Assign', path: '/app/assessments/config' },
          { label: 'Results', path: '/app/assessments' },
          { label: 'Population', path: '/app/assessments/population' },
        ],
      },
    ],
  },
  {
    title: 'Practice Management',
    entries: [
      { label: 'Insights', path: '/app/insights' },
      { label: 'Supervision', path: '/app/supervision' },
      { label: 'Clients Summary', path: '/app/clients-summary' },
      {
        label: 'Billing and Insurance',
        children: [
          { label: 'Billing', path: '/app/billings' },
          { label: 'Insurance', path: '/app/billings/insurance' },
          { label: 'Documents', path: '/app/billings/documents' },
          { label: 'Coverage', path: '/app/coverage' },
        ],
      },
      {
        label: 'Practice Setting',
        children: [
          { label: 'Practice Details', path: '/app/settings/practice-details' },
          { label: 'Billing and Service', path: '/app/settings/billing-and-service' },
          { label: 'Documents', path: '/app/settings/documents' },
          { label: 'Notifications', path: '/app/settings/notifications' },
          { label: 'Notes and Forms', path: '/app/settings/notesAndForms' },
          { label: 'Client Portal', path: '/app/settings/client-portal' },
          { label: 'Insurance Payer', path: '/app/settings/insurance-payer' },
        ],
      },
      {
        label: 'Administration',
        children: [
          { label: 'Subscription', path: '/app/subscription' },
          { label: 'Team Members', path: '/app/team_members' },
          { label: 'Account Activity', path: '/app/account-activity' },
          { label: 'Data Export', path: '/app/data-export' },
          { label: 'Demo Data', path: '/app/demo-data' },
        ],
      },
    ],
  },
  { title: null, entries: [{ label: 'Help', path: '/help' }] },
];

/**
 * The sidebar a user sees: items their roles/groups allow, each marked locked when the plan does
 * not cover it (a click goes to /app/upgrade-plan). An item with children shows when any child
 * shows and is locked when every shown child is. Empty sections are dropped.
 */
export function menuFor(viewer: Viewer): MenuSection[] {
  const leaf = (label: string, path: string): MenuItem | null => {
    const access = routeAccess(path, viewer);
    if (access === 'forbidden') {
      return null;
    }
    return path === '/help' || path === '/app/emdr' ? { label: label, path: path, external: true, locked: false } : { label: label, path: path, locked: access === 'locked' };
  };
  const sections: MenuSection[] = [];
  MENU.forEach((section) => {
    const items: MenuItem[] = [];
    section.entries.forEach((entry) => {
      if (entry.children) {
        const children: MenuItem[] = [];
        entry.children.forEach((child) => {
          const item = leaf(child.label, child.path);
          if (item !== null) {
            children.push(item);
          }
        });
        if (children.length > 0) {
          items.push({ label: entry.label, locked: children.every((c) => c.locked), children: children });
        }
        return;
      }
      const item = leaf(entry.label, entry.path || '');
      if (item !== null) {
        items.push(item);
      }
    });
    if (items.length > 0) {
      sections.push({ title: section.title, items: items });
    }
  });
  return sections;
}
