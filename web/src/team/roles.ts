import { GRANTABLE_ROLES } from '../../../domain/team';
import { addEnglishSource } from '../i18n/catalog';
import { ENGLISH_TRANSLATOR, type Translator } from '../i18n/translator';

/** Team roles by the names the spec shows (part 2 §3, §6). */
export const ROLE_LABELS: Record<string, string> = {
  owner: 'Owner',
  clinicianBasic: 'Clinician Basic',
  supervisor: 'Supervisor',
  clinicianAdmin: 'Clinician Admin',
  clinicianFullClient: 'Clinician (view all clients)',
  biller: 'Biller',
  clinicianBasicBilling: 'Clinician Basic Billing',
  scheduler: 'Scheduler',
  coordinator: 'Coordinator',
};
// The English of team.role.* (translated in messages/portal/<lang>.json): show a label through tm().
addEnglishSource('team.role', ROLE_LABELS);

/** The seven roles an owner or admin may grant, in the spec's order. */
export const ROLE_OPTIONS = ['clinicianBasic', 'supervisor', 'clinicianAdmin', 'clinicianFullClient', 'biller', 'clinicianBasicBilling', 'scheduler']
  .filter((role) => GRANTABLE_ROLES.includes(role))
  .map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;

/**
 * A member's roles as the Roles cell shows them. Every member added through the team page holds
 * one or more team roles; a member with none is a coordinator (the Cognito group coordinators,
 * which is not a team role), so the cell says Coordinator rather than nothing.
 */
export const rolesText = (member: { grantedRoles: string[] }, tr: Pick<Translator, 'tm'> = ENGLISH_TRANSLATOR) =>
  member.grantedRoles.length ? member.grantedRoles.map((role) => tr.tm(roleLabel(role))).join(', ') : tr.tm(ROLE_LABELS.coordinator);

export const memberName = (m: { firstName: string | null; lastName: string | null }) => [m.firstName, m.lastName].filter(Boolean).join(' ');
