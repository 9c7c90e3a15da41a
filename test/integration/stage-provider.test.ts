/**
 * stageProvider against DynamoDB Local (the user pool mocked at the SDK): NPI uniqueness is a
 * conditional write, so two simultaneous sign-ups with one NPI cannot both succeed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTables, startDynamoDb, type LocalDynamoDb } from '../../local/dynamodb.ts';
import { tableName } from '../../domain/tables.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { SignupProviderInput } from '../../domain/signup.ts';

let db: LocalDynamoDb;
const cognitoMock = mockClient(CognitoIdentityProviderClient);
let stage: typeof import('../../functions/stage-provider/index.ts');
let check: typeof import('../../functions/check-therapist/index.ts');

const input = (email: string): SignupProviderInput => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email,
  npi: '1234567893',
  phone: '555 555 0100',
  organization: 'Doe Counseling',
  clientTerminology: 'Client',
  profession: 'Psychologist',
  treatmentSetting: [],
  totalDBTClients: 0,
  totalCBTClients: 0,
  therapies: ['CBT'],
  license: 'PSY12345',
  licenseStates: 'CA',
  dbtPractice: ['Individual'],
});
const call = (handler: (e: never) => Promise<{ statusCode?: number; body?: string }>, body: unknown) =>
  handler(JSON.parse(JSON.stringify({ body: JSON.stringify(body) })) as never).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body ?? '{}') }));

beforeAll(async () => {
  db = await startDynamoDb(null);
  await createTables(db.client);
  Object.assign(process.env, { DYNAMODB_ENDPOINT: db.endpoint, DIRECTORY_TABLE: tableName('local', 'Directory'), USER_POOL_ID: 'us-east-1_test' });
  stage = await import('../../functions/stage-provider/index.ts');
  check = await import('../../functions/check-therapist/index.ts');
});
afterAll(async () => {
  cognitoMock.restore();
  await db?.stop();
});
beforeEach(() => {
  cognitoMock.reset();
  // Each e-mail's account exists, unconfirmed, with sub "sub-<local part>".
  cognitoMock.on(AdminGetUserCommand).callsFake((req: { Username: string }) => {
    if (req.Username.startsWith('ghost')) throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
    return { Username: req.Username, UserStatus: 'UNCONFIRMED', UserAttributes: [{ Name: 'sub', Value: `sub-${req.Username.split('@')[0]}` }] };
  });
});

describe('stageProvider', () => {
  it('lets exactly one of two simultaneous sign-ups with the same NPI claim it', async () => {
    const results = await Promise.all([
      call(stage.handler, { input: input('a@example.com'), userSub: 'sub-a' }),
      call(stage.handler, { input: input('b@example.com'), userSub: 'sub-b' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(MESSAGES.npiTaken);
    expect((await call(check.handler, { npi: '1234567893' })).body).toEqual({ hasTherapist: true });

    const doc = DynamoDBDocumentClient.from(db.client);
    const winner = results[0].status === 200 ? 'sub-a' : 'sub-b';
    const claim = await doc.send(new GetCommand({ TableName: process.env.DIRECTORY_TABLE, Key: { PK: 'NPI#1234567893', SK: 'NPI' } }));
    expect(claim.Item?.sub).toBe(winner);
    const staged = await doc.send(new GetCommand({ TableName: process.env.DIRECTORY_TABLE, Key: { PK: `PROVIDER#${winner}`, SK: 'STAGED' } }));
    expect(staged.Item).toMatchObject({ phone: '+15555550100', planId: 'ESSENTIALS', npi: '1234567893' });
    // The loser wrote nothing.
    const loser = winner === 'sub-a' ? 'sub-b' : 'sub-a';
    expect((await doc.send(new GetCommand({ TableName: process.env.DIRECTORY_TABLE, Key: { PK: `PROVIDER#${loser}`, SK: 'STAGED' } }))).Item).toBeUndefined();
  });

  it('frees an NPI whose pending claim expired', async () => {
    const first = await call(stage.handler, { input: { ...input('c@example.com'), npi: '1987654328' }, userSub: 'sub-c' });
    expect(first.status).toBe(200);
    expect((await call(stage.handler, { input: { ...input('d@example.com'), npi: '1987654328' }, userSub: 'sub-d' })).status).toBe(409);
    const aWeekLater = stage.createHandler(() => new Date(Date.now() + (stage.PENDING_CLAIM_SECONDS + 60) * 1000));
    expect((await call(aWeekLater, { input: { ...input('d@example.com'), npi: '1987654328' }, userSub: 'sub-d' })).status).toBe(200);
  });

  it('refuses a caller whose sub does not match the account, an unknown account, and invalid input — writing nothing', async () => {
    const npi = '1500000009';
    expect((await call(stage.handler, { input: { ...input('e@example.com'), npi }, userSub: 'sub-someone-else' })).status).toBe(403);
    expect((await call(stage.handler, { input: { ...input('ghost@example.com'), npi }, userSub: 'sub-ghost' })).status).toBe(403);
    const bad = await call(stage.handler, { input: { ...input('f@example.com'), npi, firstName: '<script>x</script>', therapies: [] }, userSub: 'sub-f' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ therapies: MESSAGES.therapyRequired });
    expect((await call(check.handler, { npi })).body).toEqual({ hasTherapist: false });
  });
});
