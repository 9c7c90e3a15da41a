/**
 * A new clinician through Amplify v6, the same library the console uses, against the whole local
 * runtime: sign up → confirm with the e-mailed code (outbox) → challenged to set up TOTP → signed in
 * → session refreshed → GraphQL `me` answers with the practice the post-confirmation trigger made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, confirmSignUp, fetchAuthSession, setUpTOTP, signIn, signOut, signUp, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { generateClient } from 'aws-amplify/api';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { unusedTotpCode } from '../support/totp-code.ts';
import { LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from '../../domain/identity.ts';
import { MFA_REQUIRED_MESSAGE } from '../../domain/mfa.ts';

let runtime: Runtime;
const email = 'new.clinician@example.com';
const password = 'Clinician9';
/** The sign-up form's provider part, with a fixture-registry NPI (README: Test NPIs). */
const provider = {
  firstName: 'Jane', lastName: 'Doe', email, npi: '1234567893', phone: '555 555 0100', organization: 'Doe Counseling', clientTerminology: 'Client', profession: 'Psychologist',
  treatmentSetting: [], totalDBTClients: 0, totalCBTClients: 0, therapies: ['CBT'], license: 'PSY12345', licenseStates: 'CA', dbtPractice: ['Individual'],
};

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, seed: false });
  Amplify.configure({
    Auth: { Cognito: { userPoolId: LOCAL_USER_POOL_ID, userPoolClientId: LOCAL_USER_POOL_CLIENT_ID, userPoolEndpoint: `${runtime.url}/cognito`, loginWith: { email: true } } },
    API: { GraphQL: { endpoint: `${runtime.url}/graphql`, region: LOCAL_REGION, defaultAuthMode: 'userPool' } },
  });
});
afterAll(async () => {
  await runtime?.stop();
});

describe('sign-up to first GraphQL query through Amplify v6', () => {
  it('signs up, confirms, sets up TOTP, signs in, refreshes and queries', async () => {
    const created = await signUp({ username: email, password, options: { userAttributes: { email, given_name: 'Jane', family_name: 'Doe' } } });
    expect(created.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    // As the wizard does: stageProvider checks the NPI with the registry and claims it. Without
    // this, confirming builds no practice (test/integration/npi-proofing.test.ts).
    const staged = await fetch(`${runtime.url}/api/stageProvider`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userSub: created.userId, input: provider }) });
    expect(staged.status).toBe(200);

    const code = runtime.outbox.latestTo(email, 'email')?.code;
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await confirmSignUp({ username: email, confirmationCode: code! });
    expect(confirmed.isSignUpComplete).toBe(true);

    // The pool is MFA OPTIONAL: the password alone signs in, and the API refuses the clinician
    // until an authenticator is enrolled (with the access token, as the console's sign-in does).
    const unenrolled = (await signIn({ username: email.toUpperCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })).nextStep;
    expect(unenrolled.signInStep).toBe('DONE');
    const refused = await (generateClient().graphql({ query: '{ me { id } }' }) as Promise<unknown>).then(() => null, (e: { errors?: { errorType?: string; message: string }[] }) => e.errors?.[0]);
    expect(refused).toMatchObject({ errorType: 'Unauthorized', message: MFA_REQUIRED_MESSAGE });
    const setup = await setUpTOTP();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.sharedSecret), digits: 6, period: 30 });
    await verifyTOTPSetup({ code: await unusedTotpCode(totp) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();
    const step = (await signIn({ username: email.toUpperCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })).nextStep;
    expect(step.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const done = await confirmSignIn({ challengeResponse: await unusedTotpCode(totp) });
    expect(done.nextStep.signInStep).toBe('DONE');

    const first = await fetchAuthSession();
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    expect(refreshed.tokens?.accessToken.toString()).toBeTruthy();
    expect(refreshed.tokens?.accessToken.toString()).not.toBe(first.tokens?.accessToken.toString());

    const client = generateClient();
    const result = (await client.graphql({ query: '{ me { id email practiceId roles plan } }' })) as { data: { me: { id: string; email: string; practiceId: string; roles: string[]; plan: string } } };
    expect(result.data.me).toMatchObject({ email, roles: ['owner'], plan: 'basic' });
    expect(result.data.me.practiceId).toBe(result.data.me.id);

    await signOut({ global: true });
    // A second sign-in asks for the TOTP code again: MFA stays enforced.
    const again = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });
});
