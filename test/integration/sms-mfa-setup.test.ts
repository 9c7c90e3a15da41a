/**
 * First-time SMS MFA setup through the public routes (functions/sms-mfa-setup) against the local
 * runtime: the password is proved, the code is texted (outbox), a right code enrolls the verified
 * phone and the next sign-in is an SMS challenge; wrong input and enrolled accounts change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { SMS_SETUP_MESSAGES } from '../../functions/sms-mfa-setup/index.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { cognitoClient } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const password = 'Clinician1x';
const phone = '+15555550177';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
});
afterAll(async () => runtime?.stop());

async function call(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${runtime.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const newUser = async (email: string) =>
  runtime.cognito.admin.createUser({ email, password, givenName: 'Sam', familyName: 'Text', groups: ['Therapists'] });

describe('SMS MFA setup', () => {
  it('texts a code to a new phone and enrolls it: the next sign-in is an SMS challenge', async () => {
    const email = 'sms.setup@clinic.example';
    await newUser(email);
    const started = await call('startSmsMfaSetup', { email: 'SMS.Setup@clinic.example', password, phone: '(555) 555-0177' });
    expect(started).toEqual({ status: 200, body: { destination: '+*******0177' } });
    const texted = runtime.outbox.latestTo(phone, 'sms')!;
    expect(texted.code).toMatch(/^\d{6}$/);
    const wrong = texted.code === '000000' ? '111111' : '000000';
    expect(await call('confirmSmsMfaSetup', { email, password, code: wrong })).toEqual({ status: 400, body: { message: MESSAGES.invalidCode } });
    expect((await runtime.cognito.admin.getUser(email))?.attributes.phone_number).toBeUndefined();

    expect(await call('confirmSmsMfaSetup', { email, password, code: texted.code })).toEqual({ status: 200, body: { message: MESSAGES.mfaSetupDone } });
    const user = await runtime.cognito.admin.getUser(email);
    expect(user?.attributes).toMatchObject({ phone_number: phone, phone_number_verified: 'true' });

    const idp = cognitoClient(runtime.url);
    const first = await idp.send(new InitiateAuthCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
    expect(first.ChallengeName).toBe('SMS_MFA');
    const code = runtime.outbox.latestTo(phone, 'sms')!.code!;
    const done = await idp.send(new RespondToAuthChallengeCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, ChallengeName: 'SMS_MFA', Session: first.Session, ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: code } }));
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();

    // Enrolled: the routes refuse to replace the factor.
    expect(await call('startSmsMfaSetup', { email, password, phone: '+15555550999' })).toEqual({ status: 409, body: { message: SMS_SETUP_MESSAGES.alreadyEnrolled } });
  });

  it('refuses a wrong password, a missing or invalid phone, and an account with an authenticator, sending nothing', async () => {
    const email = 'sms.refused@clinic.example';
    await newUser(email);
    const texts = () => runtime.outbox.list().filter((m) => m.channel === 'sms').length;
    const before = texts();
    expect(await call('startSmsMfaSetup', { email, password: 'Wrong1pass', phone })).toEqual({ status: 401, body: { message: MESSAGES.wrongCredentials } });
    expect(await call('startSmsMfaSetup', { email, password, phone: '' })).toEqual({ status: 400, body: { message: MESSAGES.phoneRequired } });
    expect(await call('startSmsMfaSetup', { email, password, phone: '12ab' })).toEqual({ status: 400, body: { message: MESSAGES.invalidPhone } });
    expect(await call('startSmsMfaSetup', { email: 'not-an-email', password, phone })).toEqual({ status: 400, body: { message: MESSAGES.invalidEmail } });
    expect(await call('startSmsMfaSetup', { email: 'owner@demo.practiceportal.test', password: DEMO_PASSWORD, phone })).toEqual({
      status: 409,
      body: { message: SMS_SETUP_MESSAGES.alreadyEnrolled },
    });
    expect(texts()).toBe(before);
    expect(await call('confirmSmsMfaSetup', { email, password, code: '123456' })).toEqual({ status: 400, body: { message: SMS_SETUP_MESSAGES.expired } });
    expect(await call('confirmSmsMfaSetup', { email, password, code: '1234567' })).toEqual({ status: 400, body: { message: MESSAGES.invalidCode } });
  });

  it('allows five tries of a code, then asks for a new one', async () => {
    const email = 'sms.guess@clinic.example';
    await newUser(email);
    await call('startSmsMfaSetup', { email, password, phone: '+15555550178' });
    const right = runtime.outbox.latestTo('+15555550178', 'sms')!.code!;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await call('confirmSmsMfaSetup', { email, password, code: wrong })).body.message).toBe(MESSAGES.invalidCode);
    expect(await call('confirmSmsMfaSetup', { email, password, code: right })).toEqual({ status: 400, body: { message: SMS_SETUP_MESSAGES.tooManyTries } });
    expect((await runtime.cognito.admin.getUser(email))?.attributes.phone_number).toBeUndefined();
  });
});
