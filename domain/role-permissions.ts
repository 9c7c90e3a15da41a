/**
 * Who holds which permission: each team role and each non-role group (spec part 2 §6; the union
 * over a user's roles and groups applies). Read through permissions.ts (roleHas, groupHas, holds).
 *
 * Imported by APPSYNC_JS resolvers (through permissions.ts): no classes, no try/catch, no regex,
 * no async (linted with the resolver runtime's rules).
 */
import type { Role } from './identity.ts';
import { PERMISSIONS, type Permission } from './permission-names.ts';

const P = PERMISSIONS;

/** Permissions every member of a practice holds, whatever their role or group. */
const MEMBER_PERMISSIONS: Permission[] = [P.selfRead, P.sessionLog, P.sessionWatch];

/** owner: everything except what the spec adds for clinicianAdmin. */
const OWNER: Permission[] = MEMBER_PERMISSIONS.concat([
  P.profile, P.summaries, P.demoData,
  P.clientRead, P.clientsAll, P.clientCreate, P.clientEdit, P.clientRemove,
  P.appointmentAll, P.appointmentOwn, P.appointmentCreate,
  P.secureMessaging, P.apps, P.groups, P.homework, P.homeworkList, P.assessments, P.insights,
  P.notesAll, P.notesOwn, P.reminders, P.supervision,
  P.clientBilling, P.billing, P.coverage, P.insurancePayers, P.billingAndService,
  P.practiceDetails, P.documents, P.notifications, P.notesAndForms, P.clientPortal,
  P.subscription, P.upgradePlan, P.teamMembers, P.activity,
]);

const FULL_CLIENT: Permission[] = MEMBER_PERMISSIONS.concat([
  P.profile, P.homework, P.homeworkList, P.apps, P.groups, P.assessments,
  P.appointmentAll, P.appointmentCreate,
  P.clientRead, P.clientsAll, P.clientCreate, P.clientEdit,
  P.notesOwn, P.clientBillingOwn, P.summaries, P.reminders, P.notifications,
]);

/** Permissions granted by each team role (spec part 2 §6). */
export const ROLE_PERMISSIONS: Record<Role, Permission[]> = {
  // The audit trail is the owner's alone (not part of "as owner" for clinicianAdmin).
  // ClientsSummary and DataExport: the spec adds them for clinicianAdmin; the owner has "everything" (issue 18).
  owner: OWNER.concat([P.auditTrail, P.clientsSummary, P.dataExport]),
  clinicianAdmin: OWNER.concat([P.clientsSummary, P.dataExport]),
  clinicianFullClient: FULL_CLIENT,
  // As clinicianFullClient with own appointments only and own-records billing. Clients: own
  // (therapistId = the caller), as for clinicianBasic.
  clinicianBasicBilling: MEMBER_PERMISSIONS.concat([
    P.profile, P.homework, P.homeworkList, P.apps, P.groups, P.assessments,
    P.appointmentOwn, P.appointmentCreate,
    P.clientRead, P.clientCreate, P.clientEdit,
    P.notesOwn, P.clientBillingOwn, P.billingOwn, P.summaries, P.reminders, P.notifications,
  ]),
  clinicianBasic: MEMBER_PERMISSIONS.concat([
    P.profile, P.homework, P.homeworkList, P.apps, P.subscription, P.groups, P.assessments,
    P.appointmentOwn,
    P.clientRead, P.clientCreate, P.clientEdit,
    P.notesOwn, P.reminders, P.notifications,
  ]),
  supervisor: MEMBER_PERMISSIONS.concat([P.profile, P.appointmentLocked, P.reminders, P.supervision, P.notifications]),
  biller: MEMBER_PERMISSIONS.concat([
    P.profile, P.appointmentLocked,
    P.clientRead, P.clientsAll, P.clientEdit,
    P.clientBilling, P.billing, P.coverage, P.insurancePayers, P.billingAndService,
  ]),
  scheduler: MEMBER_PERMISSIONS.concat([
    P.profile, P.appointmentOwn, P.appointmentCreate,
    P.clientRead, P.clientsAll, P.clientCreate, P.clientEdit,
    P.clientBillingNoClaims, P.summaries, P.reminders,
  ]),
};

/**
 * Permissions granted by membership of a Cognito group that is not a team role. Coordinators are a
 * group (spec part 1 §6, part 2 §6) with no team role; the group is read from the membership
 * record, like roles, so removing it takes effect on the next request.
 */
export const GROUP_PERMISSIONS: Record<string, Permission[]> = {
  coordinators: MEMBER_PERMISSIONS.concat([P.homework, P.homeworkList, P.groups]),
};
