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
import { createServer, type Server } from 'node:http';
import { nppesFixtureHandler } from '../../local/nppes-registry.ts';

let db: LocalDynamoDb;
/** The fixture NPI registry (README: Test NPIs), which stageProvider now asks itself. */
let registry: Server;
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
  registry = createServer((req, res) => void nppesFixtureHandler(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  process.env.NPPES_URL = `http://127.0.0.1:${(registry.address() as { port: number }).port}`;
  db = await startDynamoDb(null);
  await createTables(db.client);
  Object.assign(process.env, { DYNAMODB_ENDPOINT: db.endpoint, DYNAMODB_ACCESS_KEY_ID: db.accessKeyId, DIRECTORY_TABLE: tableName('local', 'Directory'), USER_POOL_ID: 'us-east-1_test' });
  stage = await import('../../functions/stage-provider/index.ts');
  check = await import('../../functions/check-therapist/index.ts');
});
afterAll(async () => {
  cognitoMock.restore();
  registry?.close();
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
    const sam = (email: string) => ({ ...input(email), firstName: 'Sam', lastName: 'Rivera', npi: '1987654328' });
    const first = await call(stage.handler, { input: sam('c@example.com'), userSub: 'sub-c' });
    expect(first.status).toBe(200);
    expect((await call(stage.handler, { input: sam('d@example.com'), userSub: 'sub-d' })).status).toBe(409);
    const aWeekLater = stage.createHandler(() => new Date(Date.now() + (stage.PENDING_CLAIM_SECONDS + 60) * 1000));
    expect((await call(aWeekLater, { input: sam('d@example.com'), userSub: 'sub-d' })).status).toBe(200);
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

  it('checks the NPI with the registry itself: another person\'s, an unknown or a deactivated NPI is refused, writing nothing', async () => {
    const doc = DynamoDBDocumentClient.from(db.client);
    for (const [email, npi, firstName, lastName] of [
      ['g@example.com', '1122334455', 'Jane', 'Doe'], // Alex Morgan's
      ['h@example.com', '1234567802', 'Jane', 'Doe'], // not in the registry
      ['i@example.com', '1231231238', 'Pat', 'Inactive'], // deactivated
    ]) {
      const res = await call(stage.handler, { input: { ...input(email), npi, firstName, lastName }, userSub: `sub-${email.split('@')[0]}` });
      expect([npi, res.status, res.body]).toEqual([npi, 400, { message: MESSAGES.npiMismatch }]);
      expect((await call(check.handler, { npi })).body).toEqual({ hasTherapist: false });
      expect((await doc.send(new GetCommand({ TableName: process.env.DIRECTORY_TABLE, Key: { PK: `PROVIDER#sub-${email.split('@')[0]}`, SK: 'STAGED' } }))).Item).toBeUndefined();
    }
  });

  it('stages the record as registry-checked', async () => {
    const res = await call(stage.handler, { input: { ...input('k@example.com'), firstName: 'Alex', lastName: 'Morgan', npi: '1122334455' }, userSub: 'sub-k' });
    expect(res.status).toBe(200);
    const doc = DynamoDBDocumentClient.from(db.client);
    const item = (await doc.send(new GetCommand({ TableName: process.env.DIRECTORY_TABLE, Key: { PK: 'PROVIDER#sub-k', SK: 'STAGED' } }))).Item;
    expect(Date.parse(String(item?.npiVerifiedAt))).toBeGreaterThan(Date.now() - 60_000);
  });
});
