/**
 * The local user pool (local/cognito) driven the way the console drives it: Amplify v6 from Node,
 * plus the raw Cognito API for the edges Amplify hides. Real triggers (functions/post-confirmation,
 * functions/pre-token-generation) against DynamoDB Local in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT } from 'jose';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, confirmSignUp, confirmUserAttribute, fetchAuthSession, fetchMFAPreference, resendSignUpCode, setUpTOTP, signIn, signOut, signUp, updateMFAPreference, updateUserAttribute, verifyTOTPSetup } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import {
  AdminSetUserMFAPreferenceCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDb, createTables, type LocalDynamoDb } from '../../local/dynamodb.ts';
import { Outbox } from '../../local/outbox.ts';
import { startLocalCognito, type LocalCognito } from '../../local/cognito/index.ts';
import { LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID as CLIENT_ID, LOCAL_USER_POOL_ID as POOL_ID } from '../../domain/identity.ts';
import { membershipKey } from '../../domain/tables.ts';
import { handler as postConfirmation } from '../../functions/post-confirmation/index.ts';
import { handler as preTokenGeneration } from '../../functions/pre-token-generation/index.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { totpFor, unusedTotpCode } from '../support/totp-code.ts';

let db: LocalDynamoDb;
let cognito: LocalCognito;
let server: Server;
let base: string;
let dataDir: string;
let idp: CognitoIdentityProviderClient;
const outbox = new Outbox(null);

/** Amplify's token storage, kept here so the test can read the refresh token. */
const store = new Map<string, string>();
const storage = {
  setItem: async (k: string, v: string) => void store.set(k, v),
  getItem: async (k: string) => store.get(k) ?? null,
  removeItem: async (k: string) => void store.delete(k),
  clear: async () => store.clear(),
};
const storedRefreshToken = () => [...store.entries()].find(([k]) => k.endsWith('.refreshToken'))?.[1];

const errorOf = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: { name: string; message: string }) => ({ name: e.name, message: e.message }));

beforeAll(async () => {
  db = await startDynamoDb(null);
  await createTables(db.client);
  dataDir = mkdtempSync(join(tmpdir(), 'cognito-test-'));
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!path.startsWith('/cognito')) return void res.writeHead(404).end();
    void cognito.handle(req, res, path.slice('/cognito'.length) || '/');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/cognito`;
  Object.assign(process.env, { AWS_REGION: LOCAL_REGION, DYNAMODB_ENDPOINT: db.endpoint, DYNAMODB_ACCESS_KEY_ID: db.accessKeyId, COGNITO_ENDPOINT: base, DIRECTORY_TABLE: 'portal-local-Directory', PRACTICE_TABLE: 'portal-local-Practice' });
  cognito = await startLocalCognito({
    dataDir,
    outbox,
    publicUrl: base,
    triggers: { postConfirmation: (e) => postConfirmation(e), preTokenGeneration: (e) => preTokenGeneration(e) },
  });
  // The trigger Lambdas sign their admin calls with the pool's key, as the runtime sets it up.
  Object.assign(process.env, { COGNITO_ACCESS_KEY_ID: cognito.adminCredentials.accessKeyId, COGNITO_SECRET_ACCESS_KEY: cognito.adminCredentials.secretAccessKey });
  idp = new CognitoIdentityProviderClient({ endpoint: base, region: LOCAL_REGION, credentials: cognito.adminCredentials });
  Amplify.configure({ Auth: { Cognito: { userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, userPoolEndpoint: base, loginWith: { email: true } } } });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
});

afterAll(async () => {
  idp?.destroy();
  await cognito?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await db?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * What stageProvider writes for a sign-up whose NPI the registry matched (functions/stage-provider):
 * the NPI claim and the staged provider. Post-confirmation builds a practice only from these.
 */
let npiSerial = 0;
async function stageVerified(sub: string) {
  const npi = `test-npi-${++npiSerial}`;
  const now = new Date().toISOString();
  await dynamo().send(new PutCommand({ TableName: 'portal-local-Directory', Item: { PK: `NPI#${npi}`, SK: 'NPI', sub, status: 'pending', createdAt: now } }));
  await dynamo().send(new PutCommand({ TableName: 'portal-local-Directory', Item: { PK: `PROVIDER#${sub}`, SK: 'STAGED', npi, profession: 'Psychologist', treatmentSetting: [], dbtPractice: ['Individual'], createdAt: now, npiVerifiedAt: now } }));
}

async function signUpAndConfirm(email: string, password: string, extra: Record<string, string> = {}) {
  const created = await signUp({ username: email, password, options: { userAttributes: { email, given_name: 'Jane', family_name: 'Doe', name: 'Jane Doe', ...extra } } });
  expect(created.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
  await stageVerified(created.userId!);
  const code = outbox.latestTo(email, 'email')?.code;
  expect(code).toMatch(/^\d{6}$/);
  expect((await confirmSignUp({ username: email, confirmationCode: code! })).isSignUpComplete).toBe(true);
}

describe('local Cognito through Amplify v6', () => {
  const email = 'Jane.Doe@Example.com';
  const password = 'Clinician9';
  let secret = '';

  it('sign-up → confirm → signed in without a factor (MFA OPTIONAL) → TOTP enrolled with the access token → signed in with its code, with verifiable tokens, the practice claims and the MFA mark', async () => {
    await signUpAndConfirm(email, password);

    const first = (await signIn({ username: email.toLowerCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })).nextStep;
    expect(first.signInStep).toBe('DONE');
    const unenrolledSub = String(decodeJwt((await fetchAuthSession()).tokens!.accessToken.toString()).sub);
    // The pre-token trigger marked the new owner's membership: no factor yet.
    expect((await dynamo().send(new GetCommand({ TableName: 'portal-local-Directory', Key: membershipKey(unenrolledSub) }))).Item?.mfaEnrolled).toBe(false);
    secret = (await setUpTOTP()).sharedSecret;
    expect(await errorOf(verifyTOTPSetup({ code: '000000' === totpFor(secret).generate() ? '111111' : '000000' }))).toMatchObject({ name: 'CodeMismatchException' });
    await verifyTOTPSetup({ code: await unusedTotpCode(totpFor(secret)) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();
    const step = (await signIn({ username: email.toLowerCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })).nextStep;
    expect(step.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const done = await confirmSignIn({ challengeResponse: await unusedTotpCode(totpFor(secret)) });
    expect(done.nextStep.signInStep).toBe('DONE');

    const { tokens } = await fetchAuthSession();
    const jwks = createLocalJWKSet(await cognito.jwks());
    const id = (await jwtVerify(tokens!.idToken!.toString(), jwks, { issuer: cognito.issuer, audience: CLIENT_ID })).payload;
    const access = (await jwtVerify(tokens!.accessToken.toString(), jwks, { issuer: cognito.issuer })).payload;
    expect(cognito.issuer).toBe(`${base}/${POOL_ID}`);
    expect(id).toMatchObject({ email, email_verified: true, given_name: 'Jane', family_name: 'Doe', name: 'Jane Doe', token_use: 'id', 'cognito:groups': ['Therapists'], 'custom:teamRoles': 'owner', 'custom:teamOwnerId': id.sub });
    expect(access).toMatchObject({ client_id: CLIENT_ID, username: id['cognito:username'], token_use: 'access', scope: 'aws.cognito.signin.user.admin', 'cognito:groups': ['Therapists'], sub: id.sub });
    expect(access['custom:teamRoles']).toBeUndefined();

    // post-confirmation made the owner membership and joined Therapists.
    const item = (await dynamo().send(new GetCommand({ TableName: 'portal-local-Directory', Key: membershipKey(String(id.sub)) }))).Item;
    expect(item).toMatchObject({ practiceId: id.sub, roles: ['owner'], plan: 'basic', planName: 'ESSENTIALS', email: email.toLowerCase(), GSI1PK: `P#${id.sub}`, mfaEnrolled: true });
    expect((await cognito.admin.getUser(email))?.groups).toEqual(['Therapists']);

    const openid = await (await fetch(`${base}/${POOL_ID}/.well-known/openid-configuration`)).json();
    expect(openid.issuer).toBe(cognito.issuer);
  });

  it('refreshes through GetTokensFromRefreshToken; global sign-out revokes refresh and access tokens', async () => {
    const first = await fetchAuthSession();
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    const newAccess = refreshed.tokens!.accessToken.toString();
    expect(newAccess).not.toBe(first.tokens!.accessToken.toString());
    expect(refreshed.tokens!.idToken!.payload['custom:teamRoles']).toBe('owner');
    const refreshToken = storedRefreshToken();
    expect(refreshToken).toBeTruthy();
    const viaInitiate = await idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken! } }));
    expect(viaInitiate.AuthenticationResult?.IdToken).toBeTruthy();
    expect((await idp.send(new GetUserCommand({ AccessToken: newAccess }))).Username).toBeTruthy();

    await signOut({ global: true });
    expect(await errorOf(idp.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: refreshToken! })))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await errorOf(idp.send(new GetUserCommand({ AccessToken: newAccess })))).toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
  });

  it('a second sign-in asks for the TOTP code (case-insensitive e-mail)', async () => {
    const again = await signIn({ username: email.toUpperCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: await unusedTotpCode(totpFor(secret)) })).nextStep.signInStep).toBe('DONE');
    // A non-global sign-out revokes this sign-in's refresh token (RevokeToken).
    const refreshToken = storedRefreshToken();
    await signOut();
    expect(await errorOf(idp.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: refreshToken! })))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('SMS MFA: preference set by the back end, code through the outbox', async () => {
    const smsEmail = 'sms.user@example.com';
    const phone = '+15555550123';
    await signUpAndConfirm(smsEmail, password, { phone_number: phone });
    const sub = (await cognito.admin.getUser(smsEmail))!.sub;
    await idp.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: POOL_ID, Username: sub, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));

    const started = await signIn({ username: smsEmail, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(started.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const sms = outbox.latestTo(phone, 'sms');
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.body).not.toContain(smsEmail);
    expect(await errorOf(confirmSignIn({ challengeResponse: sms!.code === '123456' ? '654321' : '123456' }))).toMatchObject({ name: 'CodeMismatchException' });
    expect((await confirmSignIn({ challengeResponse: sms!.code! })).nextStep.signInStep).toBe('DONE');
    const { tokens } = await fetchAuthSession();
    expect(tokens!.idToken!.payload).toMatchObject({ phone_number: phone, 'custom:teamRoles': 'owner' });
    await signOut();
  });

  it('a signed-in user verifies a phone by SMS code and switches to SMS MFA', async () => {
    const phone = '+15555550142';
    await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect((await confirmSignIn({ challengeResponse: await unusedTotpCode(totpFor(secret)) })).nextStep.signInStep).toBe('DONE');
    const update = await updateUserAttribute({ userAttribute: { attributeKey: 'phone_number', value: phone } });
    expect(update.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    const code = outbox.latestTo(phone, 'sms')?.code;
    expect(code).toMatch(/^\d{6}$/);
    await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code! });
    expect((await cognito.admin.getUser(email))?.attributes.phone_number_verified).toBe('true');
    await updateMFAPreference({ sms: 'PREFERRED' });
    expect(await fetchMFAPreference()).toMatchObject({ preferred: 'SMS', enabled: expect.arrayContaining(['SMS', 'TOTP']) });
    await signOut();

    const next = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    expect((await confirmSignIn({ challengeResponse: outbox.latestTo(phone, 'sms')!.code! })).nextStep.signInStep).toBe('DONE');
    await signOut();
  });

  it('resends the sign-up code; an unconfirmed user cannot sign in', async () => {
    const pending = 'pending@example.com';
    const { userId } = await signUp({ username: pending, password, options: { userAttributes: { email: pending } } });
    await stageVerified(userId!);
    const firstCode = outbox.latestTo(pending, 'email')!.code;
    const unconfirmed = await signIn({ username: pending, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(unconfirmed.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
    await resendSignUpCode({ username: pending });
    const messages = outbox.list().filter((m) => m.to === pending);
    expect(messages).toHaveLength(2);
    const secondCode = messages[1].code!;
    expect(await errorOf(confirmSignUp({ username: pending, confirmationCode: firstCode === secondCode ? '000000' : firstCode! }))).toMatchObject({ name: 'CodeMismatchException' });
    expect((await confirmSignUp({ username: pending, confirmationCode: secondCode })).isSignUpComplete).toBe(true);
  });
});

describe('local Cognito API edges', () => {
  const email = 'api.user@example.com';
  const password = 'Clinician9';
  const totpSecret = new OTPAuth.Secret({ size: 20 }).base32;

  beforeAll(async () => {
    await cognito.admin.createUser({ email, password, givenName: 'Api', familyName: 'User', groups: ['Therapists'], totpSecret, customAttributes: { isOnTrial: '1' } });
  });

  const start = () => idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const answer = (session: string | undefined, code: string) =>
    idp.send(new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } }));

  it('wrong password or unknown user → NotAuthorizedException "Incorrect username or password."', async () => {
    const wrong = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(await errorOf(idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Wrong1234' } })))).toEqual(wrong);
    expect(await errorOf(idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: password } })))).toEqual(wrong);
  });

  it('challenge sessions are validated and single-use', async () => {
    const invalid = { name: 'NotAuthorizedException', message: 'Invalid session for the user.' };
    expect(await errorOf(answer('made-up-session', totpFor(totpSecret).generate()))).toEqual(invalid);
    const first = await start();
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(await errorOf(answer(first.Session, '000000' === totpFor(totpSecret).generate() ? '111111' : '000000'))).toMatchObject({ name: 'CodeMismatchException' });
    const ok = await answer(first.Session, await unusedTotpCode(totpFor(totpSecret)));
    expect(ok.AuthenticationResult?.RefreshToken).toBeTruthy();
    expect(await errorOf(answer(first.Session, totpFor(totpSecret).generate()))).toEqual(invalid);
    // The refresh token issued after the challenge was stored.
    const refreshed = await idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: ok.AuthenticationResult!.RefreshToken! } }));
    expect(decodeJwt(refreshed.AuthenticationResult!.IdToken!)['custom:isOnTrial']).toBe('1');
  });

  it('refuses client writes of custom attributes and writes nothing', async () => {
    const first = await start();
    const tokens = (await answer(first.Session, await unusedTotpCode(totpFor(totpSecret)))).AuthenticationResult!;
    const refused = { name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' };
    expect(
      await errorOf(idp.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'given_name', Value: 'Mallory' }, { Name: 'custom:teamRoles', Value: 'owner' }] }))),
    ).toEqual(refused);
    const after = await cognito.admin.getUser(email);
    expect(after?.attributes['custom:teamRoles']).toBeUndefined();
    expect(after?.attributes.given_name).toBe('Api');
    expect(
      await errorOf(idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'x@example.com', Password: password, UserAttributes: [{ Name: 'email', Value: 'x@example.com' }, { Name: 'custom:teamOwnerId', Value: 'someone' }] }))),
    ).toEqual(refused);
    expect(await cognito.admin.getUser('x@example.com')).toBeNull();
    // A standard attribute is still writable.
    await idp.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'given_name', Value: 'Apia' }] }));
    expect((await cognito.admin.getUser(email))?.attributes.given_name).toBe('Apia');
  });

  it('rejects forged access tokens and weak passwords', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT({ token_use: 'access', client_id: CLIENT_ID, username: 'x', sub: 'x' }).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).setIssuer(cognito.issuer).setExpirationTime('1h').sign(privateKey);
    expect(await errorOf(idp.send(new GetUserCommand({ AccessToken: forged })))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await errorOf(idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'weak@example.com', Password: 'weakpass', UserAttributes: [{ Name: 'email', Value: 'weak@example.com' }] })))).toMatchObject({
      name: 'InvalidPasswordException',
    });
  });

  it('forgot password: code through the outbox, new password must meet the policy', async () => {
    const user = 'forgetful@example.com';
    await cognito.admin.createUser({ email: user, password, givenName: 'For', familyName: 'Getful', groups: ['Therapists'], totpSecret });
    const sent = await idp.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: user.toUpperCase() }));
    expect(sent.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const code = outbox.latestTo(user, 'email')!.code!;
    expect(await errorOf(idp.send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username: user, ConfirmationCode: code, Password: 'weak' })))).toMatchObject({ name: 'InvalidPasswordException' });
    await idp.send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username: user, ConfirmationCode: code, Password: 'Renewed123' }));
    const next = await idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user, PASSWORD: 'Renewed123' } }));
    expect(next.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('a user with a verified phone but no MFA enabled gets tokens (the pool is MFA OPTIONAL); once SMS MFA is enabled, an SMS challenge', async () => {
    const phoneUser = 'phone.user@example.com';
    const phone = '+15555550199';
    const { sub } = await cognito.admin.createUser({ email: phoneUser, password, givenName: 'Pho', familyName: 'Ne', phoneNumber: phone, groups: ['Therapists'] });
    const signIn = () => idp.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: phoneUser, PASSWORD: password } }));
    const passwordOnly = await signIn();
    expect(passwordOnly.ChallengeName).toBeUndefined();
    expect(passwordOnly.AuthenticationResult?.AccessToken).toBeTruthy();
    await idp.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: POOL_ID, Username: sub, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const first = await signIn();
    expect(first.ChallengeName).toBe('SMS_MFA');
    expect(first.ChallengeParameters?.CODE_DELIVERY_DESTINATION).toBe('+*******0199');
    const code = outbox.latestTo(phone, 'sms')!.code!;
    const done = await idp.send(new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: 'SMS_MFA', Session: first.Session, ChallengeResponses: { USERNAME: phoneUser, SMS_MFA_CODE: code } }));
    expect(decodeJwt(done.AuthenticationResult!.IdToken!)).toMatchObject({ phone_number: phone, phone_number_verified: true, 'cognito:groups': ['Therapists'] });
  });
});
