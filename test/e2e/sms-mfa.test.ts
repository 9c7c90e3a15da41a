/**
 * SMS multi-factor in Chromium: a clinician whose second factor is SMS signs in with the code the
 * portal texted (read from the outbox), after one wrong code is refused; and a new clinician
 * chooses text messages at first-time setup, verifies the phone, is signed out and signs in by SMS.
 */
import { describe, expect, it } from 'vitest';
import { AdminSetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_USER_POOL_ID } from '../../domain/identity.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { usePortal } from '../support/portal.ts';
import { cognitoClient } from '../support/cognito-sdk.ts';

const portal = usePortal();
const EMAIL = 'sms.clinician@example.com';
const PHONE = '+15555550142';
const PASSWORD = 'SmsClinician1';

describe('SMS MFA', () => {
  it('signs in with the texted code', async () => {
    const { runtime } = portal;
    const { sub } = await runtime.cognito.admin.createUser({ email: EMAIL, password: PASSWORD, givenName: 'Sam', familyName: 'Sms', phoneNumber: PHONE, groups: ['Therapists'] });
    await cognitoClient(runtime.url).send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: sub, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await DynamoDBDocumentClient.from(runtime.dynamo.client).send(
      new PutCommand({
        TableName: tableName('local', 'Directory'),
        Item: { ...membershipKey(sub), GSI1PK: `P#${sub}`, GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'basic', email: EMAIL },
      }),
    );

    const page = await portal.browser.newPage();
    await page.goto(`${runtime.url}/signin`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code').waitFor();
    const sms = runtime.outbox.latestTo(PHONE, 'sms');
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.body).not.toContain(EMAIL);

    await page.getByLabel('Code').fill(sms!.code === '123456' ? '654321' : '123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(MESSAGES.invalidOtp, { exact: true }).waitFor();

    await page.getByLabel('Code').fill(sms!.code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\//);
    await page.close();
  });

  it('sets SMS up at first sign-in: phone, texted code, signed out, then in with an SMS code', async () => {
    const { runtime } = portal;
    const email = 'first.sms@example.com';
    const phone = '+15555550143';
    const { sub } = await runtime.cognito.admin.createUser({ email, password: PASSWORD, givenName: 'Fay', familyName: 'Sms', groups: ['Therapists'] });
    await DynamoDBDocumentClient.from(runtime.dynamo.client).send(
      new PutCommand({
        TableName: tableName('local', 'Directory'),
        Item: { ...membershipKey(sub), GSI1PK: `P#${sub}`, GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'basic', email },
      }),
    );
    const page = await portal.browser.newPage();
    await page.goto(`${runtime.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'No authenticator app? Use text messages (SMS) instead' }).click();
    await page.getByRole('heading', { name: 'Set up text message codes' }).waitFor();

    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(MESSAGES.phoneRequired, { exact: true }).waitFor();
    await page.getByLabel('Mobile phone').fill('12ab');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(MESSAGES.invalidPhone, { exact: true }).waitFor();
    await page.getByLabel('Mobile phone').fill('(555) 555-0143');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Enter the 6-digit code we sent to +*******0143.').waitFor();
    const texted = runtime.outbox.latestTo(phone, 'sms')!.code!;
    await page.getByLabel('Code').fill(texted === '123456' ? '654321' : '123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(MESSAGES.invalidCode, { exact: true }).waitFor();
    await page.getByLabel('Code').fill(texted);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByText(MESSAGES.mfaSetupDone).waitFor();
    expect((await runtime.cognito.admin.getUser(email))?.attributes).toMatchObject({ phone_number: phone, phone_number_verified: 'true' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter the 6-digit code we sent to').waitFor();
    await page.getByLabel('Code').fill(runtime.outbox.latestTo(phone, 'sms')!.code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\//);
    expect(page.url()).not.toContain(phone.slice(1));
    await page.close();
  });
});
