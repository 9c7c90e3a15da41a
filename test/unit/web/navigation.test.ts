/**
 * The side navigation each role sees, on a practice with the Professional plan: hand-written from
 * the spec's role table (part 2 §6), independent of domain/permissions.ts, so a wrong matrix
 * cannot pass itself. Billing and Service (no menu gate) shows only for the roles that hold its
 * "billing and services settings" (owner, clinicianAdmin, biller; issue 19). Telehealth (secure
 * messaging) also shows for the clinician roles: issue 12 gives a conversation to "the client's
 * clinician(s) and staff whose role allows SecureMessaging", so a clinician messages their own clients.
 * Insights also shows for the clinician roles (issue 13): the tour's "view client entries (Insights)"
 * is a clinician's step, and the charts are their own clients' entries and measures.
 */
import { describe, expect, it } from 'vitest';
import { gateRedirect, isGroup, navigationFor, type NavSection } from '../../../web/src/shell/navigation';

const flat = (sections: NavSection[]) => sections.flatMap((s) => s.items.flatMap((i) => (isGroup(i) ? [i.text, ...i.links.map((l) => `${i.text} › ${l.text}`)] : [i.text])));
const APPS = ['Apps', 'Apps › ACT Coach', 'Apps › CBT Companion', 'Apps › DBT Coach', 'Apps › MI Coach', 'Apps › DBT Daily', 'Apps › EMDR'];
const CLINICAL = [...APPS, 'Groups', 'Homework', 'Homework › Assign or Schedule', 'Homework › List', 'Assessments', 'Assessments › Assign', 'Assessments › Results', 'Assessments › Population'];
const BILLING = ['Billing and Insurance', 'Billing and Insurance › Billing', 'Billing and Insurance › Insurance', 'Billing and Insurance › Documents', 'Billing and Insurance › Coverage'];
const ALL_SETTINGS = ['Practice Setting', ...['Practice Details', 'Billing and Service', 'Documents', 'Notifications', 'Notes and Forms', 'Client Portal', 'Insurance Payer'].map((l) => `Practice Setting › ${l}`)];
const ADMIN = ['Administration', 'Administration › Subscription', 'Administration › Team Members', 'Administration › Account Activity', 'Administration › Data Export', 'Administration › Demo Data'];
const OWNER_MENU = ['Clients', 'Appointments', 'Telehealth', ...CLINICAL, 'Insights', 'Supervision', 'Clients Summary', ...BILLING, ...ALL_SETTINGS, ...ADMIN, 'Help'];

const EXPECTED: Record<string, { roles: string[]; groups: string[]; menu: string[] }> = {
  owner: { roles: ['owner'], groups: ['Therapists'], menu: OWNER_MENU },
  clinicianAdmin: { roles: ['clinicianAdmin'], groups: ['TeamMembers'], menu: OWNER_MENU },
  clinicianFullClient: {
    roles: ['clinicianFullClient'],
    groups: ['TeamMembers'],
    menu: ['Clients', 'Appointments', 'Telehealth', ...CLINICAL, 'Insights', 'Clients Summary', 'Practice Setting', 'Practice Setting › Notifications', 'Help'],
  },
  clinicianBasicBilling: {
    roles: ['clinicianBasicBilling'],
    groups: ['TeamMembers'],
    menu: ['Clients', 'Appointments', 'Telehealth', ...CLINICAL, 'Insights', 'Clients Summary', ...BILLING.filter((b) => !b.endsWith('Coverage')), 'Practice Setting', 'Practice Setting › Notifications', 'Help'],
  },
  clinicianBasic: {
    roles: ['clinicianBasic'],
    groups: ['TeamMembers'],
    menu: ['Clients', 'Appointments', 'Telehealth', ...CLINICAL, 'Insights', 'Practice Setting', 'Practice Setting › Notifications', 'Administration', 'Administration › Subscription', 'Help'],
  },
  supervisor: {
    roles: ['supervisor'],
    groups: ['TeamMembers'],
    menu: ['Appointments', 'Supervision', 'Practice Setting', 'Practice Setting › Notifications', 'Help'],
  },
  biller: {
    roles: ['biller'],
    groups: ['TeamMembers'],
    menu: ['Clients', 'Appointments', ...BILLING, 'Practice Setting', 'Practice Setting › Billing and Service', 'Practice Setting › Insurance Payer', 'Help'],
  },
  scheduler: {
    roles: ['scheduler'],
    groups: ['TeamMembers'],
    menu: ['Clients', 'Appointments', 'Clients Summary', 'Help'],
  },
  coordinator: {
    roles: [],
    groups: ['coordinators'],
    menu: ['Groups', 'Homework', 'Homework › Assign or Schedule', 'Homework › List', 'Help'],
  },
};

describe('side navigation per role (Professional plan)', () => {
  for (const [name, { roles, groups, menu }] of Object.entries(EXPECTED)) {
    it(`${name} sees exactly the spec's items`, () => {
      expect(flat(navigationFor({ roles, groups, plan: 'professional' }, false)).sort()).toEqual([...menu].sort());
    });
  }
});

describe('plan locks', () => {
  const owner = { roles: ['owner'], groups: ['Therapists'] };
  it('marks items the Basic plan does not cover as locked, pointing to the upgrade page', () => {
    const sections = navigationFor({ ...owner, plan: 'basic' }, false);
    const links = sections.flatMap((s) => s.items.flatMap((i) => (isGroup(i) ? i.links : [i])));
    const appointments = links.find((l) => l.text === 'Appointments')!;
    expect(appointments).toMatchObject({ locked: true, href: '/app/upgrade-plan' });
    expect(links.find((l) => l.text === 'Clients')).toMatchObject({ locked: false, href: '/app/clients' });
  });
  it('hides locked items when isLockHide is set', () => {
    const labels = flat(navigationFor({ ...owner, plan: 'basic' }, true));
    expect(labels).toContain('Clients');
    expect(labels).not.toContain('Appointments');
  });
});

describe('route gate', () => {
  const biller = { roles: ['biller'], groups: ['TeamMembers'], plan: 'professional' };
  it('sends a role to /app/clients from a page it may not open, and to /app/appointment from clients', () => {
    expect(gateRedirect('/app/team_members', biller)).toBe('/app/clients');
    expect(gateRedirect('/app/clients', { roles: ['supervisor'], groups: ['TeamMembers'], plan: 'professional' })).toBe('/app/appointment');
    expect(gateRedirect('/app/billings', biller)).toBeNull();
  });
  it('sends a plan-locked page to /app/upgrade-plan, keeps the always-reachable pages open', () => {
    const owner = { roles: ['owner'], groups: ['Therapists'], plan: 'basic' };
    expect(gateRedirect('/app/appointment', owner)).toBe('/app/upgrade-plan');
    for (const path of ['/app/profile', '/app/settings/billing-and-service', '/app/upgrade-plan']) expect(gateRedirect(path, owner)).toBeNull();
  });
  it('keeps coordinators to homework, homework list and groups', () => {
    const coordinator = { roles: [], groups: ['coordinators'], plan: 'professional' };
    expect(gateRedirect('/app/clients', coordinator)).toBe('/app/groups');
    expect(gateRedirect('/app/profile', coordinator)).toBe('/app/groups');
    expect(gateRedirect('/app/homework-list', coordinator)).toBeNull();
  });
});
