/** Identity facts shared by the Auth stack, the local runtime, the web console and resolvers. */

/** Cognito groups allowed to sign in to the portal (spec part 1 §6). */
export const ALLOWED_GROUPS = [
  'Therapists',
  'Psychiatrists',
  'TreatmentCenters',
  'SupportGroups',
  'TeamMembers',
  'coordinators',
] as const;
export type PortalGroup = (typeof ALLOWED_GROUPS)[number];

/** Team roles (spec part 2 §3). */
export const ROLES = [
  'owner',
  'clinicianAdmin',
  'clinicianFullClient',
  'clinicianBasicBilling',
  'clinicianBasic',
  'supervisor',
  'biller',
  'scheduler',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Custom attributes on the user pool. All of them grant rights or describe billing,
 * so none is writable by the app client: only the back end (admin APIs, triggers) sets them.
 */
export const CUSTOM_ATTRIBUTES = ['isOnTrial', 'subscriptionDue', 'customerId', 'teamRoles', 'teamOwnerId'] as const;

/** Password policy (spec part 1 §5): 8+ characters with upper, lower and a digit. */
export const PASSWORD_POLICY = { minLength: 8, requireUppercase: true, requireLowercase: true, requireDigits: true, requireSymbols: false } as const;

/** Fixed ids of the local user pool and app client (the local runtime only). */
export const LOCAL_USER_POOL_ID = 'us-east-1_PortalLocal';
export const LOCAL_USER_POOL_CLIENT_ID = 'portallocalclient000000000';
export const LOCAL_REGION = 'us-east-1';

/**
 * Clients of practices (issue 12): users of the same pool in this group reach the client portal
 * only, through their links (domain/client-link.ts). Not an allowed group of the clinician console.
 */
export const CLIENTS_GROUP = 'Clients';

/** Every group the user pool has: the console's allowed groups and Clients. */
export const POOL_GROUPS: readonly string[] = [...ALLOWED_GROUPS, CLIENTS_GROUP];
