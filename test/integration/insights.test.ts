/**
 * Insights (issue 13, insightsChart) against the whole local runtime: the demo practice's charts from
 * its seeded measures, diary cards, skills and homework; roles (a clinicianBasic only their own
 * clients and their own counters, the biller refused), plans (Premium refused — the spec's plan list
 * has no insights for it; Basic the companion charts only), a client of another practice refused, bad
 * input refused with its message, each call a few DynamoDB requests (no Scan), audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { membershipKey, practicePartition, tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';
import { dynamo } from '../../functions/shared/aws.ts';

let runtime: Runtime;
let practiceId = '';
const tokens: Record<string, string> = {};
const clients: Record<string, string> = {};
const call = async (who: string, query: string, variables: Record<string, unknown> = {}) => (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body as { data?: any; errors?: { message: string; errorType: string }[] };
const errorType = (body: { errors?: { errorType: string }[] }) => body.errors?.[0]?.errorType ?? null;

const CHART = `query ($t: String!, $c: ID, $from: String, $to: String, $i: ID) { insightsChart(chartType: $t, clientId: $c, from: $from, to: $to, instrumentId: $i) {
  chartType clientId clientName period from to instrumentId series { key group points { x y } } } }`;
type Series = { key: string; group: string; points: { x: string; y: number | null }[] };
const chart = async (who: string, vars: Record<string, unknown>) => {
  const body = await call(who, CHART, vars);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.insightsChart as { series: Series[]; from: string; to: string; period: string; clientId: string | null };
};
const values = (series: Series[], key: string) => (series.find((s) => s.key === key)?.points ?? []).map((p) => p.y).filter((y): y is number => y !== null);

async function setPlan(sub: string, plan: string) {
  await runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: marshall(membershipKey(sub)), UpdateExpression: 'SET #p = :p', ExpressionAttributeNames: { '#p': 'plan' }, ExpressionAttributeValues: marshall({ ':p': plan }) }));
}

/** The DynamoDB requests the Lambdas send while `run` runs. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  const requests: string[] = [];
  dynamo().middlewareStack.add((next, context) => async (args) => {
    requests.push(String(context.commandName));
    return next(args);
  }, { step: 'initialize', name: 'countInsightsRequests' });
  try {
    return { result: await run(), requests };
  } finally {
    dynamo().middlewareStack.remove('countInsightsRequests');
  }
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  practiceId = runtime.seed!.practiceId;
  for (const who of ['owner', 'basic', 'biller']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
  const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: tableName('local', 'Practice'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)', ExpressionAttributeValues: marshall({ ':pk': practicePartition(practiceId), ':c': 'Client#' }) }));
  for (const c of (out.Items ?? []).map((i) => unmarshall(i))) clients[c.personalDetail?.first as string] = c.id as string;
  // A practice on Basic with a client of its own, and one on Premium.
  const basicPlan = await addPractice(runtime, 'basic-plan@insights.test');
  tokens.basicPlan = (await signInSeeded(runtime.url, 'basic-plan@insights.test', DEMO_PASSWORD)).accessToken;
  const premium = await addPractice(runtime, 'premium-plan@insights.test');
  tokens.premium = (await signInSeeded(runtime.url, 'premium-plan@insights.test', DEMO_PASSWORD)).accessToken;
  const added = await call('basicPlan', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Other', last: 'Practice' }, dateOfBirth: '03/03/1988', contact: { email: 'other.practice@example.test' } } });
  clients.otherPractice = added.data.addClient.id;
  await setPlan(basicPlan, 'basic');
  await setPlan(premium, 'premium');
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('the demo practice', () => {
  it("draws Avery's timeline from their scores, diary cards and skills in a few requests, no Scan", async () => {
    const { result, requests } = await counted(() => chart('owner', { t: 'timeline', c: clients.Avery }));
    expect(result).toMatchObject({ period: 'week', clientId: clients.Avery, clientName: 'Avery Lane' });
    const keys = result.series.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['score:PHQ9', 'score:GAD7', 'urge:highest', 'skills', 'homeworkDue', 'homeworkDone']));
    expect(result.series[0].points).toHaveLength(16);
    // Avery improves: the first scored week above the last.
    const phq9 = values(result.series, 'score:PHQ9');
    expect(phq9.length).toBeGreaterThanOrEqual(10);
    expect(phq9[0]).toBeGreaterThan(phq9[phq9.length - 1]);
    expect(values(result.series, 'urge:highest').length).toBeGreaterThanOrEqual(12);
    expect(values(result.series, 'skills').reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    // The zone, the client, the shares, the DBT entries, the responses, the homework.
    expect(requests.filter((r) => r === 'ScanCommand')).toEqual([]);
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(requests.length).toBeLessThanOrEqual(7);
  });

  it('draws the diary and skills charts of a sharing client', async () => {
    const diary = await chart('owner', { t: 'diary', c: clients.Avery });
    expect(values(diary.series, 'urge:selfHarm').length).toBeGreaterThanOrEqual(12);
    expect(values(diary.series, 'emotion:sadness').length).toBeGreaterThanOrEqual(12);
    const skills = await chart('owner', { t: 'skills', c: clients.Avery });
    expect(skills.series.find((s) => s.key === 'bySkill')?.points.length).toBeGreaterThanOrEqual(5);
  });

  it('draws the practice’s assessment trends and completion from its counters and schedules in at most 3 requests', async () => {
    const trends = await counted(() => chart('owner', { t: 'assessment-trends' }));
    expect(trends.result.period).toBe('month');
    expect(values(trends.result.series, 'mean:PHQ9').length).toBeGreaterThanOrEqual(4);
    expect(trends.requests.filter((r) => r === 'ScanCommand')).toEqual([]);
    expect(trends.requests).toContain('QueryCommand');
    expect(trends.requests.length).toBeLessThanOrEqual(2);
    const completion = await counted(() => chart('owner', { t: 'completion', i: 'GAD7' }));
    const rates = values(completion.result.series, 'rate');
    expect(rates.length).toBeGreaterThanOrEqual(3);
    expect(rates.every((r) => r >= 0 && r <= 100)).toBe(true);
    expect(values(completion.result.series, 'due').reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(completion.requests.filter((r) => r === 'ScanCommand')).toEqual([]);
    expect(completion.requests.length).toBeLessThanOrEqual(3);
  });

  it('audits each chart read, naming the client of a client’s chart', async () => {
    await chart('owner', { t: 'diary', c: clients.Avery });
    const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: tableName('local', 'Audit'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': practicePartition(practiceId) }) }));
    const reads = (out.Items ?? []).map((i) => unmarshall(i)).filter((a) => a.action === 'insights.read');
    expect(reads.some((a) => a.entityId === clients.Avery)).toBe(true);
  });
});

describe('roles, plans and reach', () => {
  it('keeps a clinicianBasic to their own clients and their own counters', async () => {
    const own = await chart('basic', { t: 'timeline', c: clients.Morgan });
    expect(values(own.series, 'urge:highest').length).toBeGreaterThan(0);
    expect(errorType(await call('basic', CHART, { t: 'timeline', c: clients.Avery }))).toBe('NotFound');
    const mine = await chart('basic', { t: 'assessment-trends', i: 'PHQ9' });
    const practice = await chart('owner', { t: 'assessment-trends', i: 'PHQ9' });
    const sum = (c: { series: Series[] }) => values(c.series, 'clients:PHQ9').reduce((a, b) => a + b, 0);
    expect(sum(mine)).toBeGreaterThan(0);
    expect(sum(mine)).toBeLessThan(sum(practice));
  });

  it('refuses the biller, and Premium (its plan list has no insights)', async () => {
    expect(errorType(await call('biller', CHART, { t: 'diary', c: clients.Avery }))).toBe('Unauthorized');
    expect(errorType(await call('premium', CHART, { t: 'assessment-trends' }))).toBe('Unauthorized');
  });

  it('gives Basic the companion charts only', async () => {
    const diary = await chart('basicPlan', { t: 'diary', c: clients.otherPractice });
    expect(diary.series.every((s) => s.group === 'count' || s.points.every((p) => p.y === null))).toBe(true);
    const timeline = await chart('basicPlan', { t: 'timeline', c: clients.otherPractice });
    expect(timeline.series.map((s) => s.key)).toEqual(['urge:highest', 'skills']);
    const refused = await call('basicPlan', CHART, { t: 'assessment-trends' });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'This chart is not part of your plan or your role.' });
  });

  it('refuses a client of another practice as not found, both ways', async () => {
    expect(errorType(await call('owner', CHART, { t: 'diary', c: clients.otherPractice }))).toBe('NotFound');
    expect(errorType(await call('basicPlan', CHART, { t: 'diary', c: clients.Avery }))).toBe('NotFound');
  });

  it('refuses bad input with its message: an unknown chart, a bad day, a reversed range, no client', async () => {
    const refusal = async (vars: Record<string, unknown>) => (await call('owner', CHART, vars)).errors?.[0];
    expect(await refusal({ t: 'mood' })).toMatchObject({ errorType: 'ValidationError', message: 'There is no such chart.' });
    expect(await refusal({ t: 'diary', c: clients.Avery, from: '2026-02-30' })).toMatchObject({ errorType: 'ValidationError', message: 'Enter the first day as YYYY-MM-DD.' });
    expect(await refusal({ t: 'completion', from: '2026-05-01', to: '2026-04-01' })).toMatchObject({ message: 'The first day must be on or before the last day.' });
    expect(await refusal({ t: 'skills' })).toMatchObject({ errorType: 'ValidationError', message: 'Choose a client for this chart.' });
    expect(await refusal({ t: 'completion', i: 'XYZ' })).toMatchObject({ message: 'That assessment is not available.' });
  });
});
