/**
 * Sign-up finalization against DynamoDB Local (the user pool mocked at the SDK): stageProvider
 * claims the NPI, finalizeProvider (run by post-confirmation and /confirmProvider) makes it
 * permanent and moves the profile into the practice; running it twice changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTables, startDynamoDb, type LocalDynamoDb } from '../../local/dynamodb.ts';
import { tableName } from '../../domain/tables.ts';
import type { SignupProviderInput } from '../../domain/signup.ts';

let db: LocalDynamoDb;
let doc: DynamoDBDocumentClient;
const cognitoMock = mockClient(CognitoIdentityProviderClient);
let stage: typeof import('../../functions/stage-provider/index.ts');
let confirm: typeof import('../../functions/confirm-provider/index.ts');
let status = 'UNCONFIRMED';

const input: SignupProviderInput = {
  firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', npi: '1234567893', phone: '555 555 0100',
  organization: 'Doe Counseling', clientTerminology: 'Client', profession: 'Psychologist', treatmentSetting: ['Outpatient'],
  totalDBTClients: 2, totalCBTClients: 3, therapies: ['CBT'], license: 'PSY12345', licenseStates: 'CA', dbtPractice: ['Individual'],
};
const call = (handler: (e: never) => Promise<{ statusCode?: number; body?: string }>, body: unknown) =>
  handler({ body: JSON.stringify(body) } as never).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body ?? '{}') }));
const get = (name: 'DIRECTORY_TABLE' | 'PRACTICE_TABLE', Key: Record<string, string>) =>
  doc.send(new GetCommand({ TableName: process.env[name], Key })).then((r) => r.Item);

beforeAll(async () => {
  db = await startDynamoDb(null);
  await createTables(db.client);
  doc = DynamoDBDocumentClient.from(db.client);
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: db.endpoint, DYNAMODB_ACCESS_KEY_ID: db.accessKeyId, DIRECTORY_TABLE: tableName('local', 'Directory'), PRACTICE_TABLE: tableName('local', 'Practice'), USER_POOL_ID: 'us-east-1_test',
  });
  cognitoMock.on(AdminGetUserCommand).callsFake(() => ({ UserStatus: status, UserAttributes: [{ Name: 'sub', Value: 'sub-jane' }] }));
  stage = await import('../../functions/stage-provider/index.ts');
  confirm = await import('../../functions/confirm-provider/index.ts');
});
afterAll(async () => {
  cognitoMock.restore();
  await db?.stop();
});

describe('confirmProvider', () => {
  it('finalizes only once the user is confirmed, idempotently', async () => {
    // stageProvider checks the NPI with the registry: Jane Doe's record, as the NPPES API has it.
    const registry = { lookup: async (npi: string) => ({ npi, enumerationType: 'NPI-1', firstName: 'JANE', lastName: 'DOE', credential: null, active: true, taxonomies: [] }) };
    expect((await call(stage.createHandler(undefined, () => registry), { input, userSub: 'sub-jane' })).status).toBe(200);
    expect(await call(confirm.handler, { email: 'jane@example.com' })).toEqual({ status: 200, body: { confirmed: false, provider: null } });
    expect(await get('DIRECTORY_TABLE', { PK: 'PROVIDER#sub-jane', SK: 'STAGED' })).toBeDefined();

    status = 'CONFIRMED';
    for (let i = 0; i < 2; i++) {
      expect(await call(confirm.handler, { email: 'jane@example.com' })).toEqual({ status: 200, body: { confirmed: true, provider: { status: 'active' } } });
    }
    const claim = await get('DIRECTORY_TABLE', { PK: 'NPI#1234567893', SK: 'NPI' });
    expect(claim).toMatchObject({ sub: 'sub-jane', status: 'active' });
    expect(claim?.expiresAt).toBeUndefined();
    expect(await get('DIRECTORY_TABLE', { PK: 'PROVIDER#sub-jane', SK: 'STAGED' })).toBeUndefined();
    const profile = await get('PRACTICE_TABLE', { PK: 'P#sub-jane', SK: 'PROVIDER#sub-jane' });
    expect(profile).toMatchObject({ id: 'sub-jane', npi: '1234567893', phone: '+15555550100', planId: 'ESSENTIALS', status: 'active', totalCBTClients: 3 });
    expect(profile?.expiresAt).toBeUndefined();
    // Sign-up's name, phone and organization are the owner's Profile and Practice details (issue 19).
    expect(await get('PRACTICE_TABLE', { PK: 'P#sub-jane', SK: 'Therapist#sub-jane' })).toMatchObject({
      person: { first: 'Jane', last: 'Doe', phone: '+15555550100' }, version: 1,
    });
    expect(await get('PRACTICE_TABLE', { PK: 'P#sub-jane', SK: 'Settings#PracticeDetails' })).toMatchObject({
      data: { name: 'Doe Counseling', phone: { number: '+15555550100', type: 'Office' } }, version: 1,
    });
  });
});
