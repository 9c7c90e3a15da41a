/**
 * "User Already Exists" → Yes (functions/reuse-account) against the local runtime: an account
 * from another app becomes a clinician account only with its own password; a confirmed one is
 * finalized at once, an unconfirmed one after its e-mail code; nothing is written otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmSignUpCommand, ResendConfirmationCodeCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import type { SignupProviderInput } from '../../domain/signup.ts';
import { REUSE_MESSAGES } from '../../functions/reuse-account/index.ts';
import { cognitoClient } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const password = 'AppUser1pass';

const input = (email: string, npi: string, firstName: string, lastName: string): SignupProviderInput => ({
  firstName, lastName, email, npi,
  phone: '555 555 0100', organization: 'Rivera Counseling', clientTerminology: 'Client', profession: 'Psychologist',
  treatmentSetting: [], totalDBTClients: 0, totalCBTClients: 0, therapies: ['DBT'], license: 'PSY1', licenseStates: 'CA', dbtPractice: ['Individual'],
});

async function reuse(body: unknown) {
  const res = await fetch(`${runtime.url}/api/reuseAccount`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
const doc = () => DynamoDBDocumentClient.from(runtime.dynamo.client);
const membership = async (sub: string) => (await doc().send(new GetCommand({ TableName: tableName('local', 'Directory'), Key: membershipKey(sub), ConsistentRead: true }))).Item;
const npiClaim = async (npi: string) => (await doc().send(new GetCommand({ TableName: tableName('local', 'Directory'), Key: { PK: `NPI#${npi}`, SK: 'NPI' }, ConsistentRead: true }))).Item;

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
});
afterAll(async () => runtime?.stop());

describe('reusing an app account for the portal', () => {
  it('needs the account password; then a confirmed account is a clinician at once, and only once', async () => {
    const email = 'sam.rivera@app.example';
    await runtime.cognito.admin.createUser({ email, password, givenName: 'Sam', familyName: 'Rivera', groups: [] });
    const sub = (await runtime.cognito.admin.getUser(email))!.sub;
    const body = { password: 'NotTheirs1', input: input(email, '1987654328', 'Sam', 'Rivera') };

    expect(await reuse(body)).toEqual({ status: 401, body: { message: MESSAGES.wrongCredentials } });
    expect(await membership(sub)).toBeUndefined();
    expect(await npiClaim('1987654328')).toBeUndefined();

    expect(await reuse({ ...body, password })).toEqual({ status: 200, body: { next: 'signIn' } });
    expect(await membership(sub)).toMatchObject({ roles: ['owner'] });
    expect((await runtime.cognito.admin.getUser(email))!.groups).toEqual(['Therapists']);
    expect(await npiClaim('1987654328')).toMatchObject({ sub });

    expect(await reuse({ ...body, password })).toEqual({ status: 409, body: { message: REUSE_MESSAGES.alreadyClinician } });
  });

  it('stages an unconfirmed account and finalizes it when the e-mail code is confirmed', async () => {
    const email = 'jane.doe@app.example';
    const idp = cognitoClient(runtime.url);
    await idp.send(new SignUpCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
    const sub = (await runtime.cognito.admin.getUser(email))!.sub;
    expect(await reuse({ password, input: input(email, '1234567893', 'Jane', 'Doe') })).toEqual({ status: 200, body: { next: 'confirm' } });
    expect(await membership(sub)).toBeUndefined();
    await idp.send(new ResendConfirmationCodeCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, Username: email }));
    const code = runtime.outbox.latestTo(email, 'email')!.code!;
    await idp.send(new ConfirmSignUpCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, Username: email, ConfirmationCode: code }));
    expect(await membership(sub)).toMatchObject({ roles: ['owner'] });
    expect(await npiClaim('1234567893')).toMatchObject({ sub, status: 'active' });
  });

  it('refuses an NPI another clinician holds and bad input, writing nothing', async () => {
    const email = 'late.comer@app.example';
    await runtime.cognito.admin.createUser({ email, password, givenName: 'Late', familyName: 'Comer', groups: [] });
    const sub = (await runtime.cognito.admin.getUser(email))!.sub;
    // 1500000009 is the seeded demo owner's NPI.
    expect(await reuse({ password, input: input(email, '1500000009', 'Olivia', 'Owens') })).toEqual({ status: 409, body: { message: MESSAGES.npiTaken } });
    // The NPI is checked with the registry here too: someone else's NPI is refused.
    expect(await reuse({ password, input: input(email, '1122334455', 'Late', 'Comer') })).toEqual({ status: 400, body: { message: MESSAGES.npiMismatch } });
    const bad = await reuse({ password, input: { ...input(email, '1987654328', '', 'Comer') } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.missingRequired);
    expect(await membership(sub)).toBeUndefined();
  });
});
