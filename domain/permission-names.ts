/**
 * The named permissions (capabilities) of the spec's role matrix (part 2 §6). A schema field's rule
 * (permissions.ts FIELD_RULES) names one or several; role-permissions.ts says who holds them.
 *
 * Imported by APPSYNC_JS resolvers (through permissions.ts): no classes, no try/catch, no regex,
 * no async (linted with the resolver runtime's rules).
 */
/** Named permissions. A field names exactly one; roles grant sets of them. */
export const PERMISSIONS = {
  /** Read one's own identity, practice, roles and plan. */
  selfRead: 'self.read',
  /** Record one's own sign-in / sign-out (account activity). */
  sessionLog: 'session.log',
  /** Watch the practice's account activity (sign-ins and sign-outs of members). */
  sessionWatch: 'session.watch',
  profile: 'profile',
  /** Dashboard and client summaries. */
  summaries: 'summaries',
  clientsSummary: 'clients.summary',
  dataExport: 'data.export',
  demoData: 'demo.data',
  /** Read clients: every client of the practice with clientsAll, else only one's own. */
  clientRead: 'client.read',
  /** Scope of client rights: the whole practice (absent: own clients only). */
  clientsAll: 'client.all',
  clientCreate: 'client.create',
  clientEdit: 'client.edit',
  /** Archive a client (removeClient). */
  clientRemove: 'client.remove',
  appointmentAll: 'appointment.all',
  appointmentOwn: 'appointment.own',
  appointmentCreate: 'appointment.create',
  appointmentLocked: 'appointment.locked',
  secureMessaging: 'secure.messaging',
  apps: 'apps',
  groups: 'groups',
  homework: 'homework',
  homeworkList: 'homework.list',
  assessments: 'assessments',
  insights: 'insights',
  notesAll: 'notes.all',
  notesOwn: 'notes.own',
  reminders: 'reminders',
  supervision: 'supervision',
  /** Billing on a client's record: all of it, own clients only, or without claims. */
  clientBilling: 'client.billing',
  clientBillingOwn: 'client.billing.own',
  clientBillingNoClaims: 'client.billing.noClaims',
  /** The billing suite: the whole of it, or limited to one's own records. */
  billing: 'billing',
  billingOwn: 'billing.own',
  coverage: 'coverage',
  insurancePayers: 'insurance.payers',
  billingAndService: 'settings.billingAndService',
  practiceDetails: 'settings.practiceDetails',
  documents: 'settings.documents',
  notifications: 'settings.notifications',
  notesAndForms: 'settings.notesAndForms',
  clientPortal: 'settings.clientPortal',
  subscription: 'subscription',
  upgradePlan: 'upgrade.plan',
  teamMembers: 'team.members',
  activity: 'activity',
  /** Read the practice's audit trail (spec: "the owner can list the practice's audit trail"). */
  auditTrail: 'audit.trail',
  /**
   * The client principal's own fields (issue 12): held by no team role or group, only by a
   * signed-in client (Cognito group Clients) through their links — resolvers/functions/authorizeClient.ts.
   */
  clientSelf: 'client.self',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
