/**
 * A practice exists only for a verified NPI (issue 11 §4), with raw Cognito calls against the local
 * runtime — no sign-up wizard: SignUp + ConfirmSignUp with nothing staged, or after stageProvider
 * answered "NPI already registered", confirm the account but make nobody an owner: signed in
 * (with MFA), it cannot read `me` or change the plan. A sign-up staged with a registry-checked NPI
 * becomes the owner of a new practice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { LOCAL_USER_POOL_CLIENT_ID as CLIENT_ID } from '../../domain/identity.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import type { SignupProviderInput } from '../../domain/signup.ts';
import { cognitoClient, firstSignInWithAuthenticator } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

let runtime: Runtime;
const password = 'Clinician9';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
});
afterAll(async () => runtime?.stop());

const input = (email: string, npi: string, firstName: string, lastName: string): SignupProviderInput => ({
  firstName, lastName, email, npi,
  phone: '555 555 0100', organization: 'Counseling', clientTerminology: 'Client', profession: 'Psychologist',
  treatmentSetting: [], totalDBTClients: 0, totalCBTClients: 0, therapies: ['CBT'], license: 'PSY1', licenseStates: 'CA', dbtPractice: ['Individual'],
});
const membership = async (sub: string) =>
  (await DynamoDBDocumentClient.from(runtime.dynamo.client).send(new GetCommand({ TableName: tableName('local', 'Directory'), Key: membershipKey(sub), ConsistentRead: true }))).Item;

async function rawSignUp(email: string): Promise<string> {
  const out = await cognitoClient(runtime.url).send(new SignUpCommand({ ClientId: CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'given_name', Value: 'Mal' }, { Name: 'family_name', Value: 'Lory' }] }));
  return out.UserSub!;
}
const confirm = (email: string) =>
  cognitoClient(runtime.url).send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: runtime.outbox.latestTo(email, 'email')!.code! }));
async function stage(body: unknown) {
  const res = await fetch(`${runtime.url}/api/stageProvider`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
/** First sign-in of a confirmed account: password, an authenticator enrolled, its code → the ID token. */
async function signInWithNewAuthenticator(email: string): Promise<string> {
  return (await firstSignInWithAuthenticator(runtime.url, email, password)).idToken;
}

/** What a signed-in account without a practice gets: `me` and changePlan refused. */
async function expectNoPractice(email: string, sub: string) {
  expect(await membership(sub)).toBeUndefined();
  expect((await runtime.cognito.admin.getUser(email))!.groups).toEqual([]);
  const token = await signInWithNewAuthenticator(email);
  const me = await graphql(`${runtime.url}/graphql`, token, '{ me { id roles } }');
  expect(me.body.errors?.[0]?.errorType).toBe('Unauthorized');
  const plan = await graphql(`${runtime.url}/graphql`, token, 'mutation { changePlan(planId: "premium", teleHealth: true) { planId } }');
  expect(plan.body.errors?.[0]?.errorType).toBe('Unauthorized');
  expect(plan.body.data?.changePlan ?? null).toBeNull();
}

describe('a practice exists only for a verified NPI', () => {
  it('SignUp + ConfirmSignUp with nothing staged: confirmed, but no practice — cannot read or change the plan', async () => {
    const email = 'raw.signup@example.com';
    const sub = await rawSignUp(email);
    await confirm(email);
    await expectNoPractice(email, sub);
  });

  it('after stageProvider answered "NPI already registered" (or "does not match"): no practice', async () => {
    const email = 'npi.taken@example.com';
    const sub = await rawSignUp(email);
    // 1500000009 is the demo owner's, already registered.
    expect(await stage({ input: input(email, '1500000009', 'Olivia', 'Owens'), userSub: sub })).toEqual({ status: 409, body: { message: MESSAGES.npiTaken } });
    // Someone else's NPI under one's own name: the registry does not match.
    expect(await stage({ input: input(email, '1234567893', 'Mal', 'Lory'), userSub: sub })).toEqual({ status: 400, body: { message: MESSAGES.npiMismatch } });
    await confirm(email);
    await expectNoPractice(email, sub);
  });

  it('a sign-up staged with its registry-checked NPI becomes the owner of a new practice', async () => {
    const email = 'jane.doe@example.com';
    const sub = await rawSignUp(email);
    expect(await stage({ input: input(email, '1234567893', 'Jane', 'Doe'), userSub: sub })).toEqual({ status: 200, body: { staged: true } });
    await confirm(email);
    expect(await membership(sub)).toMatchObject({ practiceId: sub, roles: ['owner'] });
    expect((await runtime.cognito.admin.getUser(email))!.groups).toEqual(['Therapists']);
  });
});
