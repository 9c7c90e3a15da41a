/**
 * The appointments API against the whole local runtime with the seeded demo practice, for the
 * test/integration/appointments-*.test.ts files: the documents, every demo role signed in, one
 * client of the owner's and one of clinicianBasic's, and a read-back of what is stored.
 * `appointmentsApi()` registers the file's beforeAll/afterAll and returns the handle they fill.
 */
import { afterAll, beforeAll } from 'vitest';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { practicePartition, tableName } from '../../domain/tables.ts';
import { graphql } from './graphql.ts';
import { signInSeeded } from './cognito-sdk.ts';

export const FIELDS = `id seriesId clientId clientName clinicianId clinicianName serviceCode locationType locationName start end durationMinutes
  recurrence { frequency interval until count rrule } status sendEmailReminder videoRoomId clientVideoPath readOnly progressNoteId version createdAt updatedAt`;
export const CREATE = `mutation ($input: AppointmentInput!) { createAppointment(input: $input) { ${FIELDS} } }`;
export const EDIT = `mutation ($id: ID!, $version: Int!, $scope: EditScope!, $input: AppointmentInput!) { editAppointment(id: $id, version: $version, scope: $scope, input: $input) { ${FIELDS} } }`;
export const CANCEL = `mutation ($id: ID!, $version: Int!, $scope: EditScope!) { cancelAppointment(id: $id, version: $version, scope: $scope) { ${FIELDS} } }`;
export const STATUS = `mutation ($id: ID!, $version: Int!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $version, status: $status) { ${FIELDS} } }`;
export const GET = `query ($id: ID!) { getAppointment(id: $id) { ${FIELDS} } }`;
export const LIST = `query ($from: AWSDateTime!, $to: AWSDateTime!, $clinicianId: ID, $status: AppointmentStatus, $nextToken: String) {
  listAppointments(from: $from, to: $to, clinicianId: $clinicianId, status: $status, nextToken: $nextToken) { items { ${FIELDS} } nextToken } }`;
const ADD_CLIENT = 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }';

export const WHO = ['owner', 'admin', 'fullclient', 'basicbilling', 'basic', 'supervisor', 'biller', 'scheduler', 'coordinator'] as const;
export type Who = (typeof WHO)[number];

export type GraphqlBody = { data?: any; errors?: Array<{ message: string; errorType?: string; errorInfo?: any }> };

/** An instant as the practice (US/Pacific) reads it: "Tue 10:00". */
export const local = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'US/Pacific', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(new Date(iso));

export interface AppointmentsApi {
  runtime: Runtime;
  subs: Record<Who, string>;
  /** A client of the owner's (Olga Appt) and one of clinicianBasic's (Bert Appt). */
  ownerClient: string;
  basicClient: string;
  call(who: Who, query: string, variables?: Record<string, unknown>): Promise<GraphqlBody>;
  /** Every stored appointment item of the demo practice (read straight from DynamoDB). */
  storedAppointments(): Promise<Record<string, any>[]>;
  /** A 45-minute office 90834 for the owner's client at `start`, with `extra` over it. */
  single(start: string, extra?: Record<string, unknown>): Record<string, unknown>;
}

export function appointmentsApi(): AppointmentsApi {
  const tokens = {} as Record<Who, string>;
  const api: AppointmentsApi = {
    runtime: undefined as unknown as Runtime,
    subs: {} as Record<Who, string>,
    ownerClient: '',
    basicClient: '',
    async call(who, query, variables = {}) {
      const { body } = await graphql(`${api.runtime.url}/graphql`, tokens[who], query, variables);
      return body;
    },
    async storedAppointments() {
      const out = await api.runtime.dynamo.client.send(new QueryCommand({
        TableName: tableName('local', 'Practice'),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': { S: practicePartition(api.runtime.seed!.practiceId) }, ':sk': { S: 'APPT#' } },
        ConsistentRead: true,
      }));
      return (out.Items ?? []).map((i) => unmarshall(i));
    },
    single(start, extra = {}) {
      return { clientId: api.ownerClient, serviceCode: '90834', locationType: 'OFFICE', start, durationMinutes: 45, ...extra };
    },
  };
  beforeAll(async () => {
    api.runtime = await startRuntime({ port: 0, dataDir: null, countDynamoRequests: true });
    await Promise.all(WHO.map(async (who) => {
      tokens[who] = (await signInSeeded(api.runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
    }));
    for (const who of WHO) api.subs[who] = (await api.call(who, '{ me { id } }')).data.me.id;
    api.ownerClient = (await api.call('owner', ADD_CLIENT, { input: { personalDetail: { first: 'Olga', last: 'Appt' }, dateOfBirth: '01/01/1980' } })).data.addClient.id;
    api.basicClient = (await api.call('basic', ADD_CLIENT, { input: { personalDetail: { first: 'Bert', last: 'Appt' }, dateOfBirth: '01/01/1981' } })).data.addClient.id;
  }, 60_000);
  afterAll(async () => {
    await api.runtime?.stop();
  });
  return api;
}
