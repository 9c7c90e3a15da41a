/**
 * Realtime in the browser: the owner watches account activity while a colleague signs in
 * elsewhere; the event arrives over the AppSync realtime WebSocket (through the console's local
 * ws:// rewrite, docs/decisions.md). Practice filtering is covered in test/integration/graphql.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { signedInBrowser, signInInBrowser } from '../support/browser-signin.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

const portal = usePortal();

const subOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sub as string;

describe('account activity, live', () => {
  it("shows the practice's past sign-ins and a colleague's new ones as they happen", async () => {
    const biller = DEMO_ACCOUNTS.find((a) => a.roles.includes('biller'))!;
    const scheduler = DEMO_ACCOUNTS.find((a) => a.roles.includes('scheduler'))!;
    const log = (token: string, event: string) =>
      // AppSync delivers only the fields the mutation selected, so it selects all the subscriber wants.
      graphql(`${portal.runtime.url}/graphql`, token, `mutation { logUserAuthEvent(event: ${event}) { practiceId userId event at } }`);
    const earlier = await signInSeeded(portal.runtime.url, scheduler.email, DEMO_PASSWORD);
    expect((await log(earlier.accessToken, 'LOGOUT')).body.errors).toBeUndefined();

    const page = await portal.browser.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    await page.getByRole('link', { name: 'Administration' }).click();
    await page.getByRole('link', { name: 'Account Activity' }).click();
    // History: the scheduler's sign-out from before the page opened.
    await page.getByRole('row').filter({ hasText: `${scheduler.givenName} ${scheduler.familyName}` }).filter({ hasText: 'Signed out' }).first().waitFor();
    expect(await page.getByRole('table').textContent()).not.toContain(subOf(earlier.accessToken));
    await page.getByText('Live', { exact: true }).waitFor();

    const { accessToken } = await signInSeeded(portal.runtime.url, biller.email, DEMO_PASSWORD);
    const row = page.getByRole('row').filter({ hasText: `${biller.givenName} ${biller.familyName}` });
    // The subscription may still be starting when the page shows: publish until it is seen (bounded).
    for (let attempt = 0; attempt < 10 && !(await row.count()); attempt++) {
      expect((await log(accessToken, 'LOGIN_SUCCESS')).body.errors).toBeUndefined();
      await row.first().waitFor({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(row.first().textContent()).resolves.toContain('Signed in');
    expect(sockets.some((url) => url.startsWith(`ws://localhost:${portal.runtime.port}/graphql/realtime`))).toBe(true);
    await page.close();
  });

  for (const width of [1366, 390]) {
    it(`shows the newest 20 events at once behind many other audit entries, with names, and 20 more per Load more (${width} px)`, async () => {
      const admin = DEMO_ACCOUNTS.find((a) => a.label === 'Clinician Admin')!;
      const { accessToken } = await signInSeeded(portal.runtime.url, admin.email, DEMO_PASSWORD);
      const log = (event: string) => graphql(`${portal.runtime.url}/graphql`, accessToken, `mutation { logUserAuthEvent(event: ${event}) { at } }`);
      for (let i = 0; i < 45; i++) expect((await log(i % 2 ? 'LOGOUT' : 'LOGIN_SUCCESS')).body.errors).toBeUndefined();
      // Then dozens of other audited actions (reads of the team list), newer than every sign-in.
      for (let i = 0; i < 45; i++) expect((await graphql(`${portal.runtime.url}/graphql`, accessToken, '{ listTeamMembers { items { id } } }')).body.errors).toBeUndefined();

      const context = await portal.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
      await page.goto(`${portal.runtime.url}/app/account-activity`);
      const rows = page.getByRole('row').filter({ hasText: /Signed (in|out)/ });
      await rows.first().waitFor();
      await expect(rows.count()).resolves.toBe(20);
      await page.getByRole('row').filter({ hasText: `${admin.givenName} ${admin.familyName}` }).first().waitFor();
      // Times as the en-US practice writes them, in its zone: MM/DD/YYYY and 12-hour with AM/PM (issue 19).
      const when = (await rows.first().getByRole('cell').first().textContent())!.trim();
      expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)$/);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(40);
      await context.close();
    });
  }
});
