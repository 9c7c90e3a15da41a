/**
 * The assessments integration files' one setup (issue 13): a whole local runtime per file with the
 * demo practice, tokens of its owner, clinicianBasic and biller, the demo client and a basic-plan
 * practice, and the calls and documents both files use. `runtime` and `practiceId` are live
 * bindings, set in beforeAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { membershipKey, practicePartition, tableName } from '../../domain/tables.ts';
import { graphql } from './graphql.ts';
import { signInSeeded } from './cognito-sdk.ts';
import { addPractice } from './practice.ts';

export let runtime: Runtime;
export let practiceId = '';
export const tokens: Record<string, string> = {};
export const call = async (who: string, query: string, variables: Record<string, unknown> = {}) => (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body as { data?: any; errors?: { message: string; errorType: string }[] };
export const errorType = (body: { errors?: { errorType: string }[] }) => body.errors?.[0]?.errorType ?? null;

export const ASSIGN = 'mutation ($c: ID!, $i: [ID!]!, $s: AssessmentScheduleInput!) { assignAssessments(clientId: $c, instrumentIds: $i, schedule: $s) { id instrumentId delivery openOccurrence completed schedule { frequency startDate endDate } } }';
export const RESPONSES = 'query ($c: ID!) { listAssessmentResponses(clientId: $c) { items { id instrumentId status score band bandLabel alerts baseline change response remission reliableChange } nextToken } }';
export const ALERTS = 'query ($r: Boolean) { listRiskAlerts(resolved: $r) { items { id clientId clientName therapistId instrumentId reasons state resolutionNote resolvedBy } nextToken } }';
export const RESOLVE = 'mutation ($a: ID!, $n: String!) { resolveRiskAlert(alertId: $a, note: $n) { id state resolutionNote resolvedAt } }';
export const PHQ9_ITEM9 = { '1': 1, '2': 1, '3': 2, '4': 1, '5': 0, '6': 1, '7': 0, '8': 0, '9': 1 };

export async function addClient(who: string, first: string, email: string): Promise<string> {
  const out = await call(who, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first, last: 'Measure' }, dateOfBirth: '03/03/1988', contact: { email } } });
  if (!out.data?.addClient) throw new Error(JSON.stringify(out.errors));
  return out.data.addClient.id;
}
export const linkTokenFor = (email: string) => /\/portal\/assessment#([A-Za-z0-9_-]{43})/.exec(runtime.outbox.latestTo(email, 'email')?.body ?? '')?.[1] ?? null;
export async function practiceItems(prefix: string) {
  const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: tableName('local', 'Practice'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: marshall({ ':pk': practicePartition(practiceId), ':p': prefix }) }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}
export async function auditActions(): Promise<string[]> {
  const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: tableName('local', 'Audit'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': practicePartition(practiceId) }) }));
  return (out.Items ?? []).map((i) => unmarshall(i).action as string);
}

/** Registers the file's runtime: the demo practice, its owner, basic and biller signed in, the demo client, a practice on the basic plan. */
export function useAssessmentsRuntime(): void {
  beforeAll(async () => {
    runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
    practiceId = runtime.seed!.practiceId;
    for (const who of ['owner', 'basic', 'biller']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
    tokens.client = (await signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD)).accessToken;
    // A practice on the basic plan.
    const other = await addPractice(runtime, 'basic-plan@assessments.test');
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Directory'),
      Item: marshall({ ...membershipKey(other), GSI1PK: practicePartition(other), GSI1SK: `USER#${other}`, practiceId: other, roles: ['owner'], groups: ['Therapists'], plan: 'basic', email: 'basic-plan@assessments.test' }),
    }));
    tokens.basicPlan = (await signInSeeded(runtime.url, 'basic-plan@assessments.test', DEMO_PASSWORD)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
  });
}
