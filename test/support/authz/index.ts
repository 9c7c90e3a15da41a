/**
 * The authorization matrix's domains (test/integration/authz-matrix.test.ts merges them): one line
 * per domain module. A new domain adds its own module beside these (rows, calls, client fields —
 * see matrix.ts AuthzDomain) and one line here; it never edits another domain's rows.
 */
export { identity } from './identity.ts';
export { clients } from './clients.ts';
export { practiceSettings } from './practice-settings.ts';
export { team } from './team.ts';
export { profile } from './profile.ts';
export { plans } from './plans.ts';
export { apps } from './apps.ts';
export { companion } from './companion.ts';
export { homework } from './homework.ts';
export { appointments } from './appointments.ts';
export { progressNotes } from './progress-notes.ts';
export { video } from './video.ts';
export { documents } from './documents.ts';
export { messaging } from './messaging.ts';
export { clientPortal } from './client-portal.ts';
export { assessments } from './assessments.ts';
export { insights } from './insights.ts';
export { insurance } from './insurance.ts';
export { claims } from './claims.ts';
export { billing } from './billing.ts';
export { notifications } from './notifications.ts';
export { supervision } from './supervision.ts';
export { admin } from './admin.ts';
