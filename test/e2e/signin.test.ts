/**
 * A person in Chromium: opens the landing page, follows Login, signs in as the seeded owner with
 * the authenticator code, and lands on the clients page of the portal. A clinician without a
 * second factor (the pool's MFA is optional, for clients) is led through authenticator setup at
 * sign-in, the API refusing the session the password alone gave, then signs in with the code.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { unusedTotpCode } from '../support/totp-code.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { MFA_REQUIRED_MESSAGE } from '../../domain/mfa.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { signInAgainAfterMfaSetup } from '../support/browser-signin.ts';
import { graphql } from '../support/graphql.ts';
import { totpFor } from '../support/totp-code.ts';

const portal = usePortal();

describe('sign in from the landing page', () => {
  it('takes the seeded owner through password and TOTP to /app/clients', async () => {
    const page = await portal.browser.newPage();
    await page.goto(portal.runtime.url);
    await expect(page.title()).resolves.toMatch(/Practice Portal/);
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL(/\/signin$/);

    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByLabel('Code').fill(await unusedTotpCode(demoTotp(DEMO_OWNER.email)));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/app\/clients$/);
    await expect(page.getByText(`Signed in as ${DEMO_OWNER.email}`).waitFor()).resolves.toBeUndefined();
    await page.close();
  });

  it("answers a wrong password with the spec's message and lets nobody in", async () => {
    const page = await portal.browser.newPage();
    await page.goto(`${portal.runtime.url}/signin`);
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill('WrongPassword1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(MESSAGES.wrongCredentials, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.close();
  });

  it('sends a visitor of a protected page to /signin', async () => {
    const page = await portal.browser.newPage();
    await page.goto(`${portal.runtime.url}/app/clients`);
    await page.waitForURL(/\/signin/);
    await page.close();
  });

  it('leads a clinician without a factor through authenticator setup; the API refuses that session until the sign-in with the code', async () => {
    const { runtime } = portal;
    const email = `no.factor.${Date.now().toString(36)}@example.com`;
    const password = 'NoFactor1x';
    const { sub } = await runtime.cognito.admin.createUser({ email, password, givenName: 'Nia', familyName: 'Factor', groups: ['Therapists'] });
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Directory'),
      Item: marshall({ ...membershipKey(sub), GSI1PK: `P#${sub}`, GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'basic', email }),
    }));
    const page = await portal.browser.newPage();
    await page.goto(`${runtime.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();

    // The password alone gave the browser a session: the API refuses it, whichever token is sent.
    const tokens = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => /\.(accessToken|idToken)$/.test(k)).map(([, v]) => v));
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      const { body } = await graphql(`${runtime.url}/graphql`, token, '{ getClients { nextToken } }');
      expect(body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: MFA_REQUIRED_MESSAGE });
    }

    await page.getByText("Can't scan the code? Enter the setup key manually").click();
    const totp = totpFor((await page.locator('code').first().innerText()).trim());
    await page.getByRole('textbox', { name: 'Code' }).fill(await unusedTotpCode(totp));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signInAgainAfterMfaSetup(page, email, password, () => unusedTotpCode(totp));
    await page.waitForURL(/\/app\//);
    const signedIn = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('.accessToken'))?.[1] ?? '');
    const { body } = await graphql(`${runtime.url}/graphql`, signedIn, '{ getClients { nextToken } }');
    expect(body.errors).toBeUndefined();
    await page.close();
  });
});
