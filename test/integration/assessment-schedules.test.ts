/**
 * Measurement-based care's clock-driven parts (issue 13) against the whole local runtime: reminders
 * until an occurrence is answered or expires (link clients get a new single-use link, portal clients
 * "You have a questionnaire waiting"), the "before each appointment" schedule following the booked
 * sessions (moved, cancelled), and the population aggregates' back-fill reproducing what the live
 * path wrote. The rest of issue 13 is in assessments.test.ts; both share test/support/assessments-runtime.ts.
 */
import { describe, expect, it } from 'vitest';
import { BatchWriteItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { tableName } from '../../domain/tables.ts';
import { sendDueAssessmentLinks } from '../../functions/assessments/due-links.ts';
import { sendAssessmentReminders } from '../../functions/assessments/reminders.ts';
import { CANCEL, CREATE, EDIT } from '../support/appointments-api.ts';
import { backfillPopulation } from '../../local/assessment-population-backfill.ts';
import { publicCall } from '../support/client-portal.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { runtime, practiceId, call, ASSIGN, addClient, linkTokenFor, practiceItems, useAssessmentsRuntime } from '../support/assessments-runtime.ts';

useAssessmentsRuntime();

describe('reminders until answered or expired (the scheduled job, clock driven)', () => {
  const DAY = 86_400_000;
  const later = (ms: number) => new Date(Date.now() + ms);
  const messagesTo = (to: string) => runtime.outbox.list().filter((m) => m.to.toLowerCase() === to.toLowerCase());

  it('re-sends a link client a new link for the same occurrence, once per step; either link answers it once; nothing once answered', async () => {
    const email = 'remind.measure@example.test';
    const c = await addClient('owner', 'Remind', email);
    await call('owner', ASSIGN, { c, i: ['GAD7'], s: { frequency: 'weekly' } });
    const first = linkTokenFor(email)!;
    await sendAssessmentReminders(later(3_600_000));
    expect(messagesTo(email)).toHaveLength(1);
    // Two days after it opened: a reminder with a new link (no client, no instrument), at most once.
    const day2 = later(2 * DAY + 3_600_000);
    await sendAssessmentReminders(day2);
    await sendAssessmentReminders(day2);
    expect(messagesTo(email)).toHaveLength(2);
    const reminder = messagesTo(email)[1];
    expect(reminder.subject).toMatch(/^Reminder: .* has a questionnaire for you$/);
    expect(reminder.body).not.toMatch(/Remind|GAD|anxiety/i);
    const second = linkTokenFor(email)!;
    expect(second).not.toBe(first);
    // Both open the same occurrence; the first answer spends it for both.
    expect((await publicCall(runtime, 'assessmentLink', { token: first })).status).toBe(200);
    expect((await publicCall(runtime, 'submitAssessmentLink', { token: second, answers: { '1': 1, '2': 1, '3': 1, '4': 0, '5': 0, '6': 0, '7': 0 } })).status).toBe(200);
    expect(await publicCall(runtime, 'assessmentLink', { token: first })).toMatchObject({ status: 410, body: { reason: 'used' } });
    // The day before it closes: answered, so nothing.
    await sendAssessmentReminders(later(6 * DAY + 3_600_000));
    expect(messagesTo(email)).toHaveLength(2);
  });

  it('e-mails a portal client "You have a questionnaire waiting" with the portal address, and nothing after it expired', async () => {
    const links = (await call('client', '{ clientMe { practices { practiceId clientId } } }')).data.clientMe.practices;
    const [assignment] = (await call('owner', ASSIGN, { c: links[0].clientId, i: ['PCL5'], s: { frequency: 'once' } })).data.assignAssessments;
    expect(assignment.delivery).toBe('portal');
    const before = messagesTo(DEMO_CLIENT.email).length;
    await sendAssessmentReminders(later(2 * DAY + 3_600_000));
    const mail = messagesTo(DEMO_CLIENT.email).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('You have a questionnaire waiting');
    expect(mail[0].body).toContain(`${process.env.PORTAL_ORIGIN ?? ''}/portal/assessments`);
    expect(mail[0].body).not.toMatch(/PCL|PTSD|trauma|DEMO|Jamie/i);
    // Once: open 14 days, the last reminder a day before; two weeks on it has expired and nothing goes.
    await sendAssessmentReminders(later(13 * DAY + 3_600_000));
    expect(messagesTo(DEMO_CLIENT.email).length - before).toBe(2);
    await sendAssessmentReminders(later(15 * DAY));
    expect(messagesTo(DEMO_CLIENT.email).length - before).toBe(2);
  });
});

describe('before each appointment', () => {
  const HOUR = 3_600_000;
  const quarter = (ms: number) => new Date(Math.ceil(ms / (15 * 60_000)) * 15 * 60_000).toISOString();
  /** Books (or moves) the owner's session, 15 minutes later while the owner's calendar is taken then. */
  async function book(clientId: string, fromMs: number, existing?: { id: string; version: number }) {
    for (let shift = 0; shift < 8; shift += 1) {
      const input = { clientId, serviceCode: '90834', locationType: 'OFFICE', start: quarter(fromMs + shift * 15 * 60_000), durationMinutes: 45 };
      const out = existing ? await call('owner', EDIT, { id: existing.id, version: existing.version, scope: 'THIS', input }) : await call('owner', CREATE, { input });
      const made = (existing ? out.data?.editAppointment : out.data?.createAppointment)?.[0];
      if (made) return made as { id: string; version: number; start: string };
    }
    throw new Error('no free quarter hour for the test session');
  }

  it('opens a set time before each booked session: the link goes within the hour, moves with the session, and stops when it is cancelled', async () => {
    const email = 'session.measure@example.test';
    const c = await addClient('owner', 'Session', email);
    const assigned = (await call('owner', ASSIGN, { c, i: ['PHQ9'], s: { frequency: 'beforeAppointment' } })).data.assignAssessments[0];
    expect(assigned).toMatchObject({ delivery: 'link', openOccurrence: null, schedule: { frequency: 'beforeAppointment' } });
    expect(runtime.outbox.latestTo(email)).toBeUndefined();
    // A session in 30 hours: its occurrence opened 18 hours ago; the next look (within the hour) sends the link.
    const session = await book(c, Date.now() + 30 * HOUR);
    await sendDueAssessmentLinks(new Date(Date.now() + HOUR + 60_000));
    const first = linkTokenFor(email)!;
    expect(await publicCall(runtime, 'assessmentLink', { token: first })).toMatchObject({ status: 200, body: { occurrence: `appt:${session.id}`, expiresAt: session.start } });
    const listed = 'query ($c: ID!) { listAssessmentAssignments(clientId: $c) { openOccurrence openUntil } }';
    expect((await call('owner', listed, { c })).data.listAssessmentAssignments).toEqual([{ openOccurrence: `appt:${session.id}`, openUntil: session.start }]);
    // Moved to 50 hours ahead: not open now (the link says expired); when it opens, a link for the new time.
    const moved = await book(c, Date.now() + 50 * HOUR, session);
    expect(await publicCall(runtime, 'assessmentLink', { token: first })).toMatchObject({ status: 410, body: { reason: 'expired' } });
    expect((await call('owner', listed, { c })).data.listAssessmentAssignments[0].openOccurrence).toBeNull();
    const opened = Date.parse(moved.start) - 48 * HOUR + 2 * 60_000;
    await sendDueAssessmentLinks(new Date(opened));
    const second = linkTokenFor(email)!;
    expect(second).not.toBe(first);
    expect(runtime.outbox.list().filter((m) => m.to === email)).toHaveLength(2);
    // Cancelled: its occurrence is gone, and no further link goes.
    await call('owner', CANCEL, { id: moved.id, version: moved.version, scope: 'THIS' });
    await sendDueAssessmentLinks(new Date(opened + HOUR + 60_000));
    expect(linkTokenFor(email)).toBe(second);
    expect((await call('owner', listed, { c })).data.listAssessmentAssignments[0].openOccurrence).toBeNull();
  });
});

describe('the aggregates back-fill (local/assessment-population-backfill.ts)', () => {
  it('rebuilds from the responses alone the counters, state and latest the live path wrote (seed and this file), and again to the same', async () => {
    const aggregates = async () => [...(await practiceItems('AssessCount#')), ...(await practiceItems('AssessState#'))];
    const latest = async () => (await practiceItems('AssessBase#')).map(({ SK, score, latest: l, latestScore, GSI3SK }) => ({ SK, score, latest: l, latestScore, GSI3SK }));
    const live = await aggregates();
    const liveLatest = await latest();
    expect(live.length).toBeGreaterThan(20);
    // A practice from before the counters: none of them, and no latest on the client × instrument items.
    for (let i = 0; i < live.length; i += 25) {
      await runtime.dynamo.client.send(new BatchWriteItemCommand({ RequestItems: { [tableName('local', 'Practice')]: live.slice(i, i + 25).map((x) => ({ DeleteRequest: { Key: marshall({ PK: x.PK, SK: x.SK }) } })) } }));
    }
    expect(await aggregates()).toEqual([]);
    for (const item of await practiceItems('AssessBase#')) {
      await runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Practice'), Key: marshall({ PK: item.PK, SK: item.SK }), UpdateExpression: 'REMOVE latest, latestScore, GSI3PK, GSI3SK' }));
    }
    const first = await backfillPopulation(dynamo(), tableName('local', 'Practice'), practiceId);
    expect(first.responses).toBeGreaterThan(100);
    expect(await aggregates()).toEqual(live);
    expect(await latest()).toEqual(liveLatest);
    const again = await backfillPopulation(dynamo(), tableName('local', 'Practice'), practiceId);
    expect(again).toMatchObject({ responses: first.responses, aggregates: first.aggregates, removed: 0 });
    expect(await aggregates()).toEqual(live);
  });
});
