/**
 * Measurement-based care (issue 13) against the whole local runtime: plans and roles (basic plan →
 * Unauthorized, clinicianBasic only their own clients, biller none), assigning PHQ-9 to a client
 * without a portal account → the single-use link in the outbox (no PHI) → answered with item 9 = 1
 * → the crisis text, the response scored, counters written in the same transaction, the alert listed
 * (owner practice-wide, the clinician their own), resolved with a note, both audited; the link's
 * reuse, expiry and unknown tokens; the portal client's own open assessments and another practice's id.
 */
import { describe, expect, it } from 'vitest';
import { BatchWriteItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { tableName } from '../../domain/tables.ts';
import { hashLinkToken } from '../../functions/assessments/link.ts';
import { sendDueAssessmentLinks } from '../../functions/assessments/due-links.ts';
import { CRISIS_TEXT, alertKey, linkKey } from '../../domain/assessments/items.ts';
import { publicCall } from '../support/client-portal.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { subscribeAs } from '../support/realtime.ts';
import { publishMutation } from '../../functions/shared/appsync-publish.ts';
import { runtime, practiceId, tokens, call, errorType, ASSIGN, RESPONSES, ALERTS, RESOLVE, PHQ9_ITEM9, addClient, linkTokenFor, practiceItems, auditActions, useAssessmentsRuntime } from '../support/assessments-runtime.ts';

useAssessmentsRuntime();

describe('plans and roles', () => {
  it('refuses the basic plan and the biller; lists the five instruments with their licence notes', async () => {
    expect(errorType(await call('basicPlan', '{ assessmentInstruments { id } }'))).toBe('Unauthorized');
    expect(errorType(await call('biller', '{ assessmentInstruments { id } }'))).toBe('Unauthorized');
    const list = (await call('basic', '{ assessmentInstruments { id shortTitle copyright form } }')).data.assessmentInstruments;
    expect(list.map((i: { id: string }) => i.id)).toEqual(['PHQ9', 'GAD7', 'PHQA', 'PCL5', 'CSSRS']);
    expect(JSON.parse(list[0].form).item).toHaveLength(10);
  });

  it('lets clinicianBasic assign to their own clients only, and refuses bad input writing nothing', async () => {
    const own = await addClient('basic', 'Own', 'own.measure@example.test');
    const owners = await addClient('owner', 'Owners', 'owners.measure@example.test');
    const assigned = await call('basic', ASSIGN, { c: own, i: ['GAD7'], s: { frequency: 'weekly' } });
    expect(assigned.data.assignAssessments).toMatchObject([{ instrumentId: 'GAD7', delivery: 'link', completed: false, schedule: { frequency: 'weekly', endDate: null } }]);
    expect(errorType(await call('basic', ASSIGN, { c: owners, i: ['GAD7'], s: { frequency: 'weekly' } }))).toBe('NotFound');
    expect(errorType(await call('biller', ASSIGN, { c: owners, i: ['GAD7'], s: { frequency: 'weekly' } }))).toBe('Unauthorized');
    const bad = await call('owner', ASSIGN, { c: owners, i: ['PHQ9'], s: { frequency: 'daily' } });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Choose how often: once, weekly, every 2 weeks, monthly or before each appointment.' });
    expect((await call('owner', ASSIGN, { c: owners, i: ['XYZ'], s: { frequency: 'once' } })).errors?.[0].message).toBe('That assessment is not available.');
    expect((await call('owner', 'query ($c: ID!) { listAssessmentAssignments(clientId: $c) { id } }', { c: owners })).data.listAssessmentAssignments).toEqual([]);
  });
});

describe('the single-use link, the alert and its resolution', () => {
  let clientId = '';
  let token = '';
  const month = new Date().toISOString().slice(0, 7);
  const countersBefore: Record<string, Record<string, number> | undefined> = {};

  it('e-mails a link without PHI, opens only that assessment, saves answers, and submits with item 9 = 1', async () => {
    clientId = await addClient('owner', 'Riley', 'riley.measure@example.test');
    const [assignment] = (await call('owner', ASSIGN, { c: clientId, i: ['PHQ9'], s: { frequency: 'once' } })).data.assignAssessments;
    const mail = runtime.outbox.latestTo('riley.measure@example.test', 'email')!;
    expect(mail.body).not.toMatch(/Riley|PHQ|depress/i);
    token = linkTokenFor('riley.measure@example.test')!;
    countersBefore.practice = (await practiceItems(`AssessCount#PHQ9#${month}`))[0];
    countersBefore.clinician = (await practiceItems(`AssessCount#T#${practiceId}#PHQ9#${month}`))[0];
    expect(token).toBeTruthy();
    const opened = await publicCall(runtime, 'assessmentLink', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ assignmentId: assignment.id, instrument: { id: 'PHQ9' }, answers: null });
    expect((await publicCall(runtime, 'saveAssessmentLink', { token, answers: { '1': 7 } })).status).toBe(400);
    expect((await publicCall(runtime, 'saveAssessmentLink', { token, answers: { '1': 1 } })).status).toBe(200);
    expect(JSON.parse((await publicCall(runtime, 'assessmentLink', { token })).body.answers)).toEqual({ '1': 1 });
    const submitted = await publicCall(runtime, 'submitAssessmentLink', { token, answers: PHQ9_ITEM9 });
    expect(submitted).toMatchObject({ status: 200, body: { status: 'complete', crisisText: CRISIS_TEXT } });
    // Used: once only, whichever route.
    expect(await publicCall(runtime, 'assessmentLink', { token })).toMatchObject({ status: 410, body: { reason: 'used' } });
    expect((await publicCall(runtime, 'submitAssessmentLink', { token, answers: PHQ9_ITEM9 })).status).toBe(410);
    expect(await publicCall(runtime, 'assessmentLink', { token: 'A'.repeat(43) })).toMatchObject({ status: 404, body: { reason: 'unknown' } });
  });

  it('shows the scored response and writes the month’s counters with it', async () => {
    const items = (await call('owner', RESPONSES, { c: clientId })).data.listAssessmentResponses.items;
    expect(items).toEqual([expect.objectContaining({ instrumentId: 'PHQ9', status: 'complete', score: 7, band: 'mild', bandLabel: 'Mild', alerts: ['item9'], baseline: 7, change: 0 })]);
    const [practiceNow] = await practiceItems(`AssessCount#PHQ9#${month}`);
    const [clinicianNow] = await practiceItems(`AssessCount#T#${practiceId}#PHQ9#${month}`);
    for (const [now, before] of [[practiceNow, countersBefore.practice], [clinicianNow, countersBefore.clinician]] as [Record<string, number>, Record<string, number> | undefined][]) {
      expect([now.responses - (before?.responses ?? 0), now.n_mild - (before?.n_mild ?? 0), now.alerts - (before?.alerts ?? 0)]).toEqual([1, 1, 1]);
    }
  });

  it('lists the alert to the owner, not to another clinician, and resolves it once with a note', async () => {
    const open = (await call('owner', ALERTS)).data.listRiskAlerts.items.find((a: { clientId: string }) => a.clientId === clientId);
    expect(open).toMatchObject({ clientName: 'Riley Measure', instrumentId: 'PHQ9', reasons: ['item9'], state: 'open', therapistId: practiceId });
    expect((await call('basic', ALERTS)).data.listRiskAlerts.items.some((a: { id: string }) => a.id === open.id)).toBe(false);
    expect(errorType(await call('basic', RESOLVE, { a: open.id, n: 'Called' }))).toBe('NotFound');
    expect((await call('owner', RESOLVE, { a: open.id, n: '   ' })).errors?.[0].message).toBe('Describe what was done (contacted, safety plan, referred…).');
    const resolved = (await call('owner', RESOLVE, { a: open.id, n: 'Called the client; safety plan reviewed.' })).data.resolveRiskAlert;
    expect(resolved).toMatchObject({ state: 'resolved', resolutionNote: 'Called the client; safety plan reviewed.' });
    expect((await call('owner', RESOLVE, { a: open.id, n: 'Again' })).errors?.[0].message).toBe('This alert has already been resolved.');
    expect((await call('owner', ALERTS)).data.listRiskAlerts.items.some((a: { id: string }) => a.id === open.id)).toBe(false);
    expect((await call('owner', ALERTS, { r: true })).data.listRiskAlerts.items[0]).toMatchObject({ id: open.id, state: 'resolved' });
    const actions = await auditActions();
    expect(actions).toEqual(expect.arrayContaining(['assessment.assign', 'assessment.submit', 'riskAlert.raise', 'riskAlert.resolve']));
    expect(runtime.outbox.latestTo('owner@demo.practiceportal.test', 'email')?.body).toBe('A client response needs your review. Sign in to the portal to see it.');
  });

  it('refuses an expired link', async () => {
    await call('owner', ASSIGN, { c: clientId, i: ['GAD7'], s: { frequency: 'weekly' } });
    const next = linkTokenFor('riley.measure@example.test')!;
    expect(next).not.toBe(token);
    await runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: marshall(linkKey(hashLinkToken(next))), UpdateExpression: 'SET validUntil = :v', ExpressionAttributeValues: marshall({ ':v': '2020-01-01T00:00:00.000Z' }) }));
    expect(await publicCall(runtime, 'submitAssessmentLink', { token: next, answers: { '1': 0 } })).toMatchObject({ status: 410, body: { reason: 'expired' } });
    expect(await practiceItems(`AssessResp#${clientId}#`)).toHaveLength(1);
  });
});

describe('page tokens of the two lists', () => {
  it('seals them to the caller, the list and its arguments: another caller, other arguments and a forged token get "Invalid page token"', async () => {
    // 25 resolved alerts of the owner's (older than any real one): two pages of the resolved list.
    const old = Array.from({ length: 25 }, (_, i) => {
      const id = `${1_600_000_000_000 + i * 1000}-${String(i).padStart(8, '0')}`;
      return { ...alertKey(practiceId, id), entity: 'RiskAlert', id, practiceId, clientId: 'paged-client', therapistId: practiceId, instrumentId: 'PHQ9', responseId: `r${i}`, reasons: ['item9'], raisedAt: new Date(1_600_000_000_000 + i * 1000).toISOString(), state: 'resolved', resolvedAt: '2020-09-14T00:00:00.000Z', resolvedBy: practiceId, resolutionNote: 'Called.' };
    });
    await runtime.dynamo.client.send(new BatchWriteItemCommand({ RequestItems: { [tableName('local', 'Practice')]: old.map((item) => ({ PutRequest: { Item: marshall(item) } })) } }));
    const PAGED = 'query ($r: Boolean, $t: String) { listRiskAlerts(resolved: $r, nextToken: $t) { items { id } nextToken } }';
    const first = (await call('owner', PAGED, { r: true })).data.listRiskAlerts;
    expect(first.items).toHaveLength(20);
    const token = first.nextToken as string;
    const parts = Buffer.from(token, 'base64').toString('utf8').split('~');
    expect(parts.slice(0, 4)).toEqual(['pt1', practiceId, practiceId, 'Query.listRiskAlerts']);
    const second = (await call('owner', PAGED, { r: true, t: token })).data.listRiskAlerts;
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((a: { id: string }) => first.items.some((b: { id: string }) => a.id === b.id))).toBe(false);
    const refused = (body: { data?: any; errors?: { message: string; errorType: string }[] }) => {
      expect(body.errors?.map((e) => [e.message, e.errorType])).toEqual([['Invalid page token', 'ValidationError']]);
      expect(body.data?.listRiskAlerts ?? null).toBeNull();
    };
    refused(await call('basic', PAGED, { r: true, t: token }));
    refused(await call('owner', PAGED, { r: false, t: token }));
    // The Lambda's former format (a key in base64url JSON, unsealed) and a sealed token whose key leaves the list's range.
    refused(await call('owner', PAGED, { r: true, t: Buffer.from(JSON.stringify({ f: 'listRiskAlerts', s: practiceId, c: 'resolved:all', k: old[10].SK })).toString('base64url') }));
    const outside = Buffer.from([...parts.slice(0, 5), `AssessResp#paged-client#`].join('~')).toString('base64');
    refused(await call('owner', PAGED, { r: true, t: outside }));
    const responses = 'query ($c: ID!, $t: String) { listAssessmentResponses(clientId: $c, nextToken: $t) { items { id } nextToken } }';
    const avery = (await call('owner', '{ getClients(search: "Avery") { items { id } } }')).data.getClients.items[0].id;
    refused(await call('owner', responses, { c: avery, t: token }));
  });
});

describe('a weekly schedule by link', () => {
  it('sends the next week’s link from the scheduled job, once, and none after the schedule is stopped', async () => {
    const email = 'weekly.measure@example.test';
    const c = await addClient('owner', 'Weekly', email);
    const [a] = (await call('owner', ASSIGN, { c, i: ['GAD7'], s: { frequency: 'weekly' } })).data.assignAssessments;
    const first = linkTokenFor(email);
    expect(first).toBeTruthy();
    // Nothing is due before next week's occurrence opens.
    expect((await sendDueAssessmentLinks(new Date(Date.now() + 3_600_000))).sent).toBe(0);
    const nextWeek = new Date(Date.now() + 7 * 86_400_000 + 3_600_000);
    // Next week: this client's link (and the other weekly schedules' of this file) goes once.
    expect((await sendDueAssessmentLinks(nextWeek)).sent).toBeGreaterThanOrEqual(1);
    const second = linkTokenFor(email);
    expect(second).not.toBe(first);
    expect((await sendDueAssessmentLinks(nextWeek)).sent).toBe(0);
    expect(linkTokenFor(email)).toBe(second);
    // Stopped: the week after sends this client nothing.
    await call('owner', 'mutation ($c: ID!, $a: ID!) { stopAssessment(clientId: $c, assignmentId: $a) { stoppedAt } }', { c, a: a.id });
    await sendDueAssessmentLinks(new Date(Date.now() + 14 * 86_400_000 + 3_600_000));
    expect(linkTokenFor(email)).toBe(second);
  });
});

describe('the demo seed', () => {
  it('has months of weekly PHQ-9 and GAD-7 (Avery improving) and Morgan’s open alert for their clinician', async () => {
    const avery = (await call('owner', '{ getClients(search: "Avery") { items { id } } }')).data.getClients.items[0].id;
    const responses = (await call('owner', RESPONSES, { c: avery })).data.listAssessmentResponses.items as { instrumentId: string; score: number; baseline: number; reliableChange: string }[];
    const phq9 = responses.filter((r) => r.instrumentId === 'PHQ9');
    expect(phq9.length).toBeGreaterThanOrEqual(15);
    expect(responses.filter((r) => r.instrumentId === 'GAD7').length).toBe(phq9.length);
    expect(phq9[0]).toMatchObject({ baseline: 18, reliableChange: 'improved' });
    const alerts = (await call('basic', ALERTS)).data.listRiskAlerts.items;
    expect(alerts).toEqual([expect.objectContaining({ clientName: 'Morgan Ellis', instrumentId: 'PHQ9', reasons: ['item9'], state: 'open' })]);
  });
});

describe('the live alert event', () => {
  const SUBSCRIBE = 'subscription { onRiskAlert { practiceId therapistId alertId raisedAt } }';
  const PUBLISH = 'mutation ($p: ID!, $t: ID!, $a: ID!, $r: AWSDateTime!) { publishRiskAlert(practiceId: $p, therapistId: $t, alertId: $a, raisedAt: $r) { practiceId therapistId alertId raisedAt } }';

  it('reaches the owner (practice-wide) when a link answer raises an alert, not another clinician; only the Lambdas can publish', async () => {
    const owner = await subscribeAs(runtime.url, tokens.owner, SUBSCRIBE);
    const basic = await subscribeAs(runtime.url, tokens.basic, SUBSCRIBE);
    const biller = await subscribeAs(runtime.url, tokens.biller, SUBSCRIBE);
    try {
      expect([owner.outcome, basic.outcome, biller.outcome]).toEqual(['started', 'started', 'Unauthorized']);
      const email = 'live.measure@example.test';
      const c = await addClient('owner', 'Live', email);
      await call('owner', ASSIGN, { c, i: ['PHQ9'], s: { frequency: 'once' } });
      expect((await publicCall(runtime, 'submitAssessmentLink', { token: linkTokenFor(email), answers: PHQ9_ITEM9 })).status).toBe(200);
      for (let i = 0; i < 80 && owner.events.length === 0; i += 1) await new Promise((r) => setTimeout(r, 25));
      const alert = (await call('owner', ALERTS)).data.listRiskAlerts.items.find((a: { clientId: string }) => a.clientId === c);
      // Delivered as the submit returns: ids and the time only, nothing of the client.
      expect(owner.events).toEqual([{ data: { onRiskAlert: { practiceId, therapistId: practiceId, alertId: alert.id, raisedAt: expect.any(String) } } }]);
      expect(basic.events).toEqual([]);
      // A member's token cannot publish (the field is @aws_iam), nor can a call signed with another key.
      expect(errorType(await call('owner', PUBLISH, { p: practiceId, t: practiceId, a: 'x', r: '2026-01-01T00:00:00Z' }))).toBe('Unauthorized');
      const key = process.env.APPSYNC_PUBLISH_SECRET_ACCESS_KEY;
      process.env.APPSYNC_PUBLISH_SECRET_ACCESS_KEY = 'not-the-key';
      const forged = await publishMutation(PUBLISH, { p: practiceId, t: practiceId, a: 'forged', r: '2026-01-01T00:00:00Z' }, 'test');
      process.env.APPSYNC_PUBLISH_SECRET_ACCESS_KEY = key;
      expect(forged).toBe(false);
      expect(owner.events).toHaveLength(1);
    } finally {
      owner.close();
      basic.close();
      biller.close();
    }
  });
});

describe('the population page', () => {
  const POPULATION = `query ($c: ID, $i: ID, $f: String, $t: String) { assessmentPopulation(clinicianId: $c, instrumentId: $i, from: $f, to: $t) {
    from to clinicianId current { instrumentId clinicianId clients followUps improved unchanged worse responded remitted changeSum }
    months { instrumentId month clients responses scored followUps improved worse responded remitted alerts } clinicians { instrumentId clinicianId responses }
    overdue { clientName instrumentId dueSince } overdueTotal } }`;
  type Row = { instrumentId: string; clinicianId: string | null; clients: number; followUps: number; improved: number; unchanged: number; worse: number; responded: number; remitted: number; responses: number; month: string; alerts: number };

  it('answers the practice from its counters in a few Queries (no Scan): measured clients, directions, months, clinicians, overdue', async () => {
    const requests: string[] = [];
    dynamo().middlewareStack.add((next, context) => async (args) => {
      requests.push(String(context.commandName));
      return next(args);
    }, { step: 'initialize', name: 'countPopulationRequests' });
    const body = await call('owner', POPULATION, { i: 'PHQ9' });
    dynamo().middlewareStack.remove('countPopulationRequests');
    expect(body.errors).toBeUndefined();
    const page = body.data.assessmentPopulation;
    // The demo's PHQ-9: Avery, Casey, Jordan, Morgan and Riley (and this file's own clients) measured;
    // Avery, Casey and Riley improved reliably, Morgan worse.
    const practice = page.current.find((r: Row) => r.clinicianId === null) as Row;
    expect(practice.clients).toBeGreaterThanOrEqual(5);
    expect(practice.improved).toBeGreaterThanOrEqual(3);
    expect(practice.worse).toBeGreaterThanOrEqual(1);
    expect(practice.improved + practice.unchanged + practice.worse).toBeLessThanOrEqual(practice.followUps);
    const basicRow = page.current.find((r: Row) => r.clinicianId !== null && r.worse >= 1);
    expect(basicRow).toBeDefined();
    expect(page.months.length).toBeGreaterThanOrEqual(4);
    expect(page.months.every((m: Row) => m.instrumentId === 'PHQ9' && m.month >= page.from && m.month <= page.to)).toBe(true);
    expect(page.months.reduce((n: number, m: Row) => n + m.alerts, 0)).toBeGreaterThanOrEqual(1);
    expect(page.clinicians.length).toBeGreaterThanOrEqual(3);
    // Jordan's GAD-7 is overdue, not their PHQ-9: the instrument filter applies.
    expect(page.overdue.some((o: { clientName: string }) => o.clientName === 'Jordan Reyes')).toBe(false);
    // Queries, a GetItem (the zone) and at most a BatchGet: no Scan, a handful whatever the size.
    expect(requests.filter((r) => r === 'ScanCommand')).toEqual([]);
    expect(requests.length).toBeLessThanOrEqual(5);
    const gad7 = (await call('owner', POPULATION, { i: 'GAD7' })).data.assessmentPopulation;
    expect(gad7.overdue).toContainEqual(expect.objectContaining({ clientName: 'Jordan Reyes', instrumentId: 'GAD7' }));
    expect(gad7.overdueTotal).toBeGreaterThanOrEqual(1);
  });

  it('moves a client from their baseline to improved when a follow-up arrives', async () => {
    const email = 'follow.measure@example.test';
    const c = await addClient('owner', 'Follow', email);
    const before = (await call('owner', POPULATION, { i: 'GAD7' })).data.assessmentPopulation.current.find((r: Row) => r.clinicianId === null) as Row | undefined;
    await call('owner', ASSIGN, { c, i: ['GAD7'], s: { frequency: 'once' } });
    const high = { '1': 3, '2': 3, '3': 3, '4': 3, '5': 2, '6': 2, '7': 2 };
    expect((await publicCall(runtime, 'submitAssessmentLink', { token: linkTokenFor(email), answers: high })).status).toBe(200);
    const baselineOnly = (await call('owner', POPULATION, { i: 'GAD7' })).data.assessmentPopulation.current.find((r: Row) => r.clinicianId === null) as Row;
    expect([baselineOnly.clients - (before?.clients ?? 0), baselineOnly.followUps - (before?.followUps ?? 0)]).toEqual([1, 0]);
    // A second assignment answered 15 points lower: the same client, now followed, improved and responding.
    await call('owner', ASSIGN, { c, i: ['GAD7'], s: { frequency: 'once' } });
    const low = { '1': 1, '2': 1, '3': 1, '4': 0, '5': 0, '6': 0, '7': 0 };
    expect((await publicCall(runtime, 'submitAssessmentLink', { token: linkTokenFor(email), answers: low })).status).toBe(200);
    const after = (await call('owner', POPULATION, { i: 'GAD7' })).data.assessmentPopulation.current.find((r: Row) => r.clinicianId === null) as Row;
    expect([after.clients - baselineOnly.clients, after.followUps - baselineOnly.followUps, after.improved - baselineOnly.improved, after.responded - baselineOnly.responded, after.remitted - baselineOnly.remitted])
      .toEqual([0, 1, 1, 1, 1]);
  });

  it('keeps clinicianBasic to their own clients whatever clinician they ask for, and refuses a bad range', async () => {
    const own = (await call('basic', POPULATION, { c: practiceId })).data.assessmentPopulation;
    expect(own.clinicianId).not.toBe(practiceId);
    expect(own.current.every((r: Row) => r.clinicianId === own.clinicianId)).toBe(true);
    expect(own.overdue.some((o: { clientName: string }) => o.clientName === 'Jordan Reyes')).toBe(false);
    expect((await call('owner', POPULATION, { f: '2026-13', t: '2026-01' })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Enter the first month as YYYY-MM.' });
    expect((await call('owner', POPULATION, { f: '2026-05', t: '2026-01' })).errors?.[0].message).toBe('The first month must be on or before the last month.');
    expect(errorType(await call('biller', POPULATION))).toBe('Unauthorized');
    expect(errorType(await call('basicPlan', POPULATION))).toBe('Unauthorized');
  });
});

describe('the dashboard watchlist', () => {
  const WATCH = '{ assessmentWatchlist { overdue { clientName instrumentId dueSince } overdueTotal worsened { clientName instrumentId baseline latest at } } }';
  it("lists the practice's worsened clients and overdue assessments to the owner, and only their own to clinicianBasic", async () => {
    const owner = (await call('owner', WATCH)).data.assessmentWatchlist;
    // Morgan (basic's client) is reliably worse on both; Jordan's GAD-7 is overdue.
    expect(owner.worsened).toEqual(expect.arrayContaining([
      expect.objectContaining({ clientName: 'Morgan Ellis', instrumentId: 'PHQ9', baseline: 7, latest: 22 }),
      expect.objectContaining({ clientName: 'Morgan Ellis', instrumentId: 'GAD7' }),
    ]));
    expect(owner.worsened.some((w: { clientName: string }) => w.clientName === 'Avery Lane')).toBe(false);
    expect(owner.overdue).toContainEqual(expect.objectContaining({ clientName: 'Jordan Reyes', instrumentId: 'GAD7' }));
    const basic = (await call('basic', WATCH)).data.assessmentWatchlist;
    expect(basic.worsened.map((w: { clientName: string }) => w.clientName)).toEqual(['Morgan Ellis', 'Morgan Ellis']);
    expect(basic.overdue.some((o: { clientName: string }) => o.clientName === 'Jordan Reyes')).toBe(false);
    expect(errorType(await call('biller', WATCH))).toBe('Unauthorized');
  });
});

describe('the portal client', () => {
  it('sees only their own open assessments, saves and submits, and cannot name another practice', async () => {
    const links = (await call('client', '{ clientMe { practices { practiceId clientId } } }')).data.clientMe.practices;
    const mine = links[0].clientId;
    const [assignment] = (await call('owner', ASSIGN, { c: mine, i: ['CSSRS'], s: { frequency: 'once' } })).data.assignAssessments;
    expect(assignment.delivery).toBe('portal');
    const open = (await call('client', '{ clientOpenAssessments { practiceId assignmentId instrument { id } answers } }')).data.clientOpenAssessments;
    expect(open).toContainEqual({ practiceId, assignmentId: assignment.id, instrument: { id: 'CSSRS' }, answers: null });
    const save = 'mutation ($p: ID!, $a: ID!, $x: AWSJSON!) { saveClientAssessmentAnswers(practiceId: $p, assignmentId: $a, answers: $x) { answers } }';
    expect(errorType(await call('client', save, { p: 'another-practice', a: assignment.id, x: '{"1":0}' }))).toBe('Unauthorized');
    expect((await call('client', save, { p: practiceId, a: assignment.id, x: '{"1":0}' })).data.saveClientAssessmentAnswers.answers).toBe('{"1":0}');
    const submit = 'mutation ($p: ID!, $a: ID!, $x: AWSJSON!) { submitClientAssessment(practiceId: $p, assignmentId: $a, answers: $x) { status crisisText } }';
    expect((await call('client', submit, { p: practiceId, a: assignment.id, x: '{"1":0,"2":0,"6":0}' })).data.submitClientAssessment).toEqual({ status: 'complete', crisisText: null });
    expect((await call('client', submit, { p: practiceId, a: assignment.id, x: '{"1":0,"2":0,"6":0}' })).errors?.[0].message).toBe('This assessment has already been submitted.');
    expect(errorType(await call('owner', '{ clientOpenAssessments { assignmentId } }'))).toBe('Unauthorized');
  });
});
