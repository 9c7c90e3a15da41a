/** Automatic logoff in Chromium with a short configured timeout (6 s; the warning 1.2 s before). */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { usePortal } from '../support/portal.ts';
import { graphql } from '../support/graphql.ts';

const portal = usePortal({ idleTimeoutMinutes: 0.1 });

describe('idle logoff', () => {
  it('warns, keeps a user who answers, then signs the idle user out and says why on the sign-in page', async () => {
    const page = await portal.browser.newPage();
    // The sign-out's calls, in order: the API's endSession, then Cognito's GlobalSignOut.
    const signOutCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('endSession')) signOutCalls.push('endSession');
      if (request.headers()['x-amz-target']?.endsWith('.GlobalSignOut')) signOutCalls.push('GlobalSignOut');
    });
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    const tokens = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /CognitoIdentityServiceProvider\..*\.(accessToken|idToken)$/.test(k)).map((k) => localStorage.getItem(k) as string),
    );
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect((await graphql(`${portal.runtime.url}/graphql`, token, '{ me { id } }')).body.errors).toBeUndefined();
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await warning.waitFor({ timeout: 10_000 });
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/app\//);
    await warning.waitFor({ timeout: 10_000 });
    await page.waitForURL(/\/signin$/, { timeout: 10_000 });
    await page.getByText('You have been signed out because there was no activity for 6 seconds.').waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('CognitoIdentityServiceProvider')).length)).toBe(0);
    // Signed out at the server too (issue 11 §2): the old access and ID tokens are refused.
    expect(signOutCalls).toEqual(['endSession', 'GlobalSignOut']);
    for (const token of tokens) expect((await graphql(`${portal.runtime.url}/graphql`, token, '{ me { id } }')).body.errors?.[0]?.errorType).toBe('Unauthorized');
    await page.goto(`${portal.runtime.url}/app/clients`);
    await page.waitForURL(/\/signin/);
    await page.close();
  });
});
