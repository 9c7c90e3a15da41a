/**
 * Practice administration (issue 18) against the whole local runtime and its demo seed: the
 * clients summary — practice-wide for the owner and clinicianAdmin, own for the Clinician Basic
 * Billing, refused to roles without it; its counts equal what the API lists; bad input refused;
 * audited; another practice sees only its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};
type Body = { data?: Record<string, any>; errors?: { message: string; errorType?: string }[] };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const errorType = (b: Body) => b.errors?.[0]?.errorType;
const OTHER = 'other-admin@elsewhere.practiceportal.test';
const COUNTS = 'active new archived sessions noShows lateCancels noShowRate lateCancelRate';
const SUMMARY = `query ($m: Int, $d: Int) { getClientsSummary(months: $m, inactiveDays: $d) {
  scope from to inactiveDays totals { ${COUNTS} } months { month clientsSeen sessionsPerClient ${COUNTS} }
  byClinician { clinicianId clinicianName ${COUNTS} } byPayer { payerType ${COUNTS} } inactive { clientId clinicianId lastSession daysSince } } }`;

/** Every client the caller lists (active, or archived), through the API's pages. */
async function listed(who: string, status: string | null = null): Promise<{ id: string; therapistId: string }[]> {
  const out: { id: string; therapistId: string }[] = [];
  let token: string | null = null;
  do {
    const page: any = (await call(who, 'query ($n: String, $s: String) { getClients(nextToken: $n, status: $s) { items { id therapistId } nextToken } }', { n: token, s: status })).data!.getClients;
    out.push(...page.items);
    token = page.nextToken;
  } while (token);
  return out;
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  await addPractice(runtime, OTHER);
  const who: Record<string, string> = { owner: 'owner', admin: 'admin', basicbilling: 'basicbilling', basic: 'basic', scheduler: 'scheduler', biller: 'biller' };
  await Promise.all([
    ...Object.entries(who).map(async ([k, e]) => { tokens[k] = (await signInSeeded(runtime.url, `${e}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken; }),
    signInSeeded(runtime.url, OTHER, DEMO_PASSWORD).then((t) => { tokens.other = t.accessToken; }),
  ]);
  for (const [k, t] of Object.entries(tokens)) subs[k] = JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).sub;
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('clients summary', () => {
  it('practice-wide for the owner: its counts equal the clients the API lists, split by clinician and payer type', async () => {
    const s = (await call('owner', SUMMARY)).data!.getClientsSummary;
    const active = await listed('owner');
    expect(s.scope).toBe('PRACTICE');
    expect(s.months).toHaveLength(12);
    expect(s.totals.active).toBe(active.length);
    expect(s.totals.active).toBeGreaterThan(5);
    const sum = (rows: any[], k: string) => rows.reduce((n, r) => n + r[k], 0);
    expect(sum(s.byPayer, 'active')).toBe(active.length);
    expect(sum(s.byClinician, 'active')).toBe(active.length);
    expect(sum(s.byPayer, 'active') && s.byPayer.find((p: any) => p.payerType === 'INSURANCE').active).toBeGreaterThan(0);
    // The demo practice has attended sessions and no-shows in the last year.
    expect(s.totals.sessions).toBeGreaterThan(0);
    expect(sum(s.months, 'sessions')).toBe(s.totals.sessions);
    expect(s.months.at(-1).active).toBe(active.length);
    for (const row of s.inactive) expect(row.daysSince === null || row.daysSince >= 30).toBe(true);
  });

  it('own for the Clinician Basic Billing: only their clients and sessions', async () => {
    const s = (await call('basicbilling', SUMMARY)).data!.getClientsSummary;
    const own = await listed('basicbilling');
    expect(s.scope).toBe('OWN');
    expect(s.totals.active).toBe(own.length);
    expect(s.byClinician.every((c: any) => c.clinicianId === subs.basicbilling)).toBe(true);
    for (const row of s.inactive) expect(row.clinicianId).toBe(subs.basicbilling);
  });

  it('archiving a client moves it from active to archived at once; the scheduler (every client) sees the practice', async () => {
    const before = (await call('admin', SUMMARY, { m: 3 })).data!.getClientsSummary;
    const id = (await call('owner', 'mutation { addClient(input: { personalDetail: { first: "Summary", last: "Archive" }, dateOfBirth: "01/01/1990" }) { id } }')).data!.addClient.id;
    expect((await call('owner', 'mutation ($id: ID!) { removeClient(id: $id) { status } }', { id })).data!.removeClient.status).toBe('archived');
    const after = (await call('admin', SUMMARY, { m: 3 })).data!.getClientsSummary;
    expect([after.totals.active, after.totals.new, after.totals.archived]).toEqual([before.totals.active, before.totals.new + 1, before.totals.archived + 1]);
    expect(after.months.at(-1).archived).toBe(before.months.at(-1).archived + 1);
    expect((await listed('owner', 'archived')).some((c) => c.id === id)).toBe(true);
    expect((await call('scheduler', SUMMARY, { m: 3 })).data!.getClientsSummary.totals.active).toBe(after.totals.active);
  });

  it('refused to roles without a summary right; bad input refused with its field', async () => {
    for (const w of ['basic', 'biller']) expect(errorType(await call(w, SUMMARY))).toBe('Unauthorized');
    const bad = await call('owner', SUMMARY, { m: 25 });
    expect(errorType(bad)).toBe('ValidationError');
    expect(bad.errors![0].message).toBe('Invalid input: months (1 to 24)');
    expect(errorType(await call('owner', SUMMARY, { d: 3 }))).toBe('ValidationError');
  });

  it('another practice sees only its own (none of the demo practice\'s clients)', async () => {
    const s = (await call('other', SUMMARY)).data!.getClientsSummary;
    expect([s.scope, s.totals.active, s.totals.sessions, s.inactive.length]).toEqual(['PRACTICE', 0, 0, 0]);
  });

  it('each read is audited with the ids of the clients it names, never a name', async () => {
    const s = (await call('owner', SUMMARY, { d: 7 })).data!.getClientsSummary;
    const trail = (await call('owner', '{ listAuditTrail { items { action entityType entityId entityIds } } }')).data!.listAuditTrail.items;
    const entry = trail.find((e: any) => e.action === 'clients.summary.read');
    expect(entry).toBeDefined();
    expect(entry.entityType).toBe('Client');
    expect(JSON.stringify(trail)).not.toContain('Taylor');
    expect(s.inactive.every((r: any) => typeof r.clientId === 'string')).toBe(true);
  });
});
