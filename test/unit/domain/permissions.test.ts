// The role matrix and plan gating (domain/permissions.ts) and route/menu gating (domain/route-access.ts), role by role.
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../domain/identity.ts';
import { PLANS } from '../../../domain/plan.ts';
import { canCall, clientScope, FIELD_RULES } from '../../../domain/permissions.ts';
import { ALWAYS_REACHABLE, MENU_GATES, menuFor, passesGate, ROUTES, routeAccess, type MenuGate, type Viewer } from '../../../domain/route-access.ts';

const pro = (roles: string[], groups: string[] = ['TeamMembers']): Viewer => ({ roles, groups, plan: 'professional' });
const coordinator: Viewer = { roles: [], groups: ['coordinators'], plan: 'professional' };
const gates = (viewer: Viewer) => (Object.keys(MENU_GATES) as MenuGate[]).filter((g) => passesGate(g, viewer)).sort();
const ALL_GATES = (Object.keys(MENU_GATES) as MenuGate[]).sort();

describe('menu gates per role (spec part 2 §6)', () => {
  it('owner and clinicianAdmin pass every gate', () => {
    expect(gates(pro(['owner']))).toEqual(ALL_GATES);
    expect(gates(pro(['clinicianAdmin']))).toEqual(ALL_GATES);
  });

  it.each([
    ['clinicianFullClient', ['Appointment', 'Apps', 'Assessments', 'Clients', 'Groups', 'Homework', 'Insights', 'Notifications']],
    ['clinicianBasicBilling', ['Appointment', 'Apps', 'Assessments', 'Billing', 'Clients', 'Groups', 'Homework', 'Insights', 'Notifications']],
    ['clinicianBasic', ['Appointment', 'Apps', 'Assessments', 'Clients', 'Groups', 'Homework', 'Insights', 'Notifications', 'Subscription']],
    ['supervisor', ['Appointment', 'Notifications', 'Supervision']],
    ['biller', ['Appointment', 'Billing', 'Clients', 'Coverage', 'InsurancePayers']],
    ['scheduler', ['Appointment', 'Clients']],
  ])('%s passes exactly its gates', (role, expected) => {
    expect(gates(pro([role]))).toEqual([...expected].sort());
  });

  it('coordinators pass only Groups and Homework', () => {
    expect(gates(coordinator)).toEqual(['Groups', 'Homework']);
  });

  it('the union of several roles applies', () => {
    expect(gates(pro(['supervisor', 'biller']))).toEqual(['Appointment', 'Billing', 'Clients', 'Coverage', 'InsurancePayers', 'Notifications', 'Supervision']);
  });

  it('only owner and clinicianAdmin see Team Members and Activity', () => {
    for (const role of ROLES) {
      const expected = role === 'owner' || role === 'clinicianAdmin';
      expect([role, passesGate('TeamMembers', pro([role])), passesGate('Activity', pro([role]))]).toEqual([role, expected, expected]);
    }
  });
});

describe('schema fields (canCall)', () => {
  const clientFields = ['Query.getClients', 'Query.getClient', 'Mutation.addClient', 'Mutation.editClient', 'Mutation.removeClient'];
  const expected: Record<string, string[]> = {
    owner: clientFields,
    clinicianAdmin: clientFields,
    clinicianFullClient: ['Query.getClients', 'Query.getClient', 'Mutation.addClient', 'Mutation.editClient'],
    clinicianBasicBilling: ['Query.getClients', 'Query.getClient', 'Mutation.addClient', 'Mutation.editClient'],
    clinicianBasic: ['Query.getClients', 'Query.getClient', 'Mutation.addClient', 'Mutation.editClient'],
    supervisor: [],
    biller: ['Query.getClients', 'Query.getClient', 'Mutation.editClient'],
    scheduler: ['Query.getClients', 'Query.getClient', 'Mutation.addClient', 'Mutation.editClient'],
  };

  it.each(ROLES.map((r) => [r]))('%s may call exactly its client fields, on every plan', (role) => {
    for (const plan of PLANS) expect(clientFields.filter((f) => canCall(f, [role], plan))).toEqual(expected[role]);
  });

  it('every member may call me, logUserAuthEvent and onUserAuthEvent; coordinators no client field', () => {
    for (const viewer of [...ROLES.map((r) => pro([r])), coordinator]) {
      for (const field of ['Query.me', 'Mutation.logUserAuthEvent', 'Subscription.onUserAuthEvent']) expect(canCall(field, viewer.roles, 'basic', viewer.groups)).toBe(true);
    }
    expect(clientFields.some((f) => canCall(f, [], 'professional', ['coordinators']))).toBe(false);
  });

  it('fails closed: unknown field, role, plan, missing roles', () => {
    expect(canCall('Query.nope', ['owner'], 'professional')).toBe(false);
    expect(canCall('Query.getClients', ['janitor'], 'professional')).toBe(false);
    expect(canCall('Query.getClients', ['owner'], 'platinum')).toBe(false);
    expect(canCall('Query.getClients', null, 'professional')).toBe(false);
    expect(canCall('constructor', ['owner'], 'professional')).toBe(false);
    expect(Object.keys(FIELD_RULES)).toContain('Mutation.removeClient');
  });

  it("client scope: practice-wide for owner, admin, fullClient, biller, scheduler; 'own' for the basic clinicians", () => {
    expect(ROLES.filter((r) => clientScope([r]) === 'all')).toEqual(['owner', 'clinicianAdmin', 'clinicianFullClient', 'biller', 'scheduler']);
    expect(clientScope(['clinicianBasic', 'scheduler'])).toBe('all');
  });
});

describe('plan-based route access', () => {
  const owner = (plan: string): Viewer => ({ roles: ['owner'], groups: ['Therapists'], plan });
  const allowedFor = (plan: string) => ROUTES.map((r) => r.path).filter((p) => routeAccess(p, owner(plan)) === 'allowed');

  it('professional: the owner reaches every route', () => {
    expect(ROUTES.every((r) => routeAccess(r.path.replace('/app/insights', '/app/insights'), owner('professional')) === 'allowed')).toBe(true);
  });

  it('premium: profile, homework, coach apps, subscription, appointments, communication, groups, assessments, clients, team members', () => {
    expect(allowedFor('premium').sort()).toEqual([
      '/app/clients', '/app/appointment', '/app/appointment-status', '/app/communication',
      '/app/act-coach', '/app/cbt-companion', '/app/dbt-coach', '/app/mi-coach', '/app/dbt-daily', '/app/ifs-companion', '/app/emdr', '/app/demo-designs',
      '/app/groups', '/app/homework', '/app/homework-list', '/app/assessments/config', '/app/assessments', '/app/assessments/population',
      '/app/subscription', '/app/team_members', '/app/supervision', '/app/clients-summary', '/app/data-export', '/app/demo-data',
    ].sort());
    expect(routeAccess('/app/insights', owner('premium'))).toBe('locked');
    expect(routeAccess('/app/billings', owner('premium'))).toBe('locked');
  });

  it('basic: coach apps, insights, clients, team members, account activity, dashboard', () => {
    expect(allowedFor('basic').sort()).toEqual([
      '/app/clients', '/app/dashboard', '/app/act-coach', '/app/cbt-companion', '/app/dbt-coach', '/app/mi-coach', '/app/dbt-daily', '/app/ifs-companion', '/app/emdr',
      '/app/demo-designs', '/app/insights', '/app/team_members', '/app/account-activity', '/app/supervision', '/app/clients-summary', '/app/data-export', '/app/demo-data',
    ].sort());
    expect(routeAccess('/app/insights/mood', owner('basic'))).toBe('allowed');
    for (const path of ['/app/homework', '/app/appointment', '/app/settings/practice-details', '/app/subscription']) expect([path, routeAccess(path, owner('basic'))]).toEqual([path, 'locked']);
  });

  it('role gating comes before plan gating: forbidden, not locked', () => {
    expect(routeAccess('/app/billings', { roles: ['scheduler'], groups: [], plan: 'basic' })).toBe('forbidden');
    expect(routeAccess('/app/team_members', pro(['clinicianFullClient']))).toBe('forbidden');
  });

  it('unknown paths are forbidden (the browser sends them to /app/clients)', () => {
    expect(routeAccess('/app/nope', owner('professional'))).toBe('forbidden');
    expect(routeAccess('/app/insights/', owner('professional'))).toBe('forbidden');
  });
});

describe('always-reachable routes', () => {
  it('every role on every plan reaches profile and upgrade-plan; billing-and-service those with its settings (owner, admin, biller)', () => {
    for (const role of ROLES) for (const plan of PLANS) for (const path of ALWAYS_REACHABLE) {
      const expected = path !== '/app/settings/billing-and-service' || ['owner', 'clinicianAdmin', 'biller'].includes(role) ? 'allowed' : 'forbidden';
      expect(routeAccess(path, { roles: [role], groups: [], plan }), `${role} ${plan} ${path}`).toBe(expected);
    }
  });

  it('Billing and Service is in the menu of exactly the roles that may open it (issue 19)', () => {
    const shows = (role: string) => menuFor({ roles: [role], groups: ['TeamMembers'], plan: 'professional' })
      .some((s) => s.items.some((i) => (i.children ?? []).some((c) => c.path === '/app/settings/billing-and-service')));
    expect(ROLES.filter(shows)).toEqual(['owner', 'clinicianAdmin', 'biller']);
  });
});

describe('coordinators', () => {
  it('reach only homework, homework-list and groups (and help); everything else is forbidden', () => {
    const reachable = [...ROUTES.map((r) => r.path), ...ALWAYS_REACHABLE, '/help'].filter((p) => routeAccess(p, coordinator) === 'allowed');
    expect(reachable.sort()).toEqual(['/app/groups', '/app/homework', '/app/homework-list', '/help']);
  });

  it('see the reduced menu: Groups, Homework (two entries), Help', () => {
    const menu = menuFor(coordinator);
    expect(menu.map((s) => s.items.map((i) => [i.label, (i.children ?? []).map((c) => c.label)]))).toEqual([
      [['Groups', []], ['Homework', ['Assign or Schedule', 'List']]],
      [['Help', []]],
    ]);
  });

  it('are locked out of homework and groups on the basic plan', () => {
    expect(routeAccess('/app/groups', { ...coordinator, plan: 'basic' })).toBe('locked');
  });
});

describe('menuFor', () => {
  it('shows a scheduler Clients, Appointments, Clients Summary and Help (not Billing and Service, whose settings it may not read)', () => {
    const menu = menuFor(pro(['scheduler']));
    expect(menu.flatMap((s) => s.items.map((i) => i.label))).toEqual(['Clients', 'Appointments', 'Clients Summary', 'Help']);
  });

  it('marks items the plan does not cover as locked, and a parent locked when all its children are', () => {
    const menu = menuFor({ roles: ['owner'], groups: ['Therapists'], plan: 'basic' });
    const items = menu.flatMap((s) => s.items);
    expect(items.find((i) => i.label === 'Clients')!.locked).toBe(false);
    expect(items.find((i) => i.label === 'Appointments')!.locked).toBe(true);
    expect(items.find((i) => i.label === 'Homework')!.locked).toBe(true);
    const admin = items.find((i) => i.label === 'Administration')!;
    expect(admin.locked).toBe(false);
    expect(admin.children!.map((c) => [c.label, c.locked])).toEqual([['Subscription', true], ['Team Members', false], ['Account Activity', false], ['Data Export', false], ['Demo Data', false]]);
  });

  it('gives the owner on professional every item unlocked', () => {
    const items = menuFor(pro(['owner'], ['Therapists'])).flatMap((s) => s.items.flatMap((i) => [i, ...(i.children ?? [])]));
    expect(items.every((i) => !i.locked)).toBe(true);
    expect(items.map((i) => i.label)).toContain('Team Members');
  });
});
