/**
 * SMS multi-factor in Chromium: a clinician whose second factor is SMS signs in with the code the
 * portal texted (read from the outbox), after one wrong code is refused.
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
});
