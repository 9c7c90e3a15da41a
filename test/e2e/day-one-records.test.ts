/**
 * Records a clinician can find (issue 19), in Chromium at 1366 and 390 px: archived clients are
 * listed (status filter), viewed and restored; the client's page offers the client-portal
 * invitation (issue 12: not invited yet) and shows the appointments and notes so far; the
 * demo owner's Profile and Practice details are filled as sign-up leaves them (local/seed.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { apiAs } from '../support/seeded-api.ts';
import { usePortal } from '../support/portal.ts';

const portal = usePortal();
const run = Date.now().toString(36);

const api = (query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, DEMO_OWNER.email, query, variables);

async function newPage(width: number): Promise<Page> {
  const context = await portal.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

describe('records a clinician can find', () => {
  for (const [i, width] of [1366, 390].entries()) {
    it(`lists an archived client, opens and restores it; the client's page has the invitation and the appointments and notes (${width} px)`, async () => {
      const last = `Archived${run}w${width}`;
      const client = (await api('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Remy', last }, dateOfBirth: '05/06/1979' } })).addClient;
      // A past session with a written note, then the client is archived: an evening a month ago (8:30 or 9:30 PM
      // Pacific, clear of the demo calendar, whose sessions the owner's would otherwise meet at some hours of the day).
      const evening = new Date(Date.now() - (30 + i) * 86400000);
      evening.setUTCHours(4 + i, 30, 0, 0);
      const start = evening.toISOString();
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(evening);
      const appointment = (await api('mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', {
        input: { clientId: client.id, serviceCode: '90834', locationType: 'OFFICE', start, durationMinutes: 45 },
      })).createAppointment[0];
      await api('mutation ($a: ID!, $d: AWSDate!, $input: ProgressNoteInput!) { createProgressNote(appointmentId: $a, date: $d, input: $input) { id } }', {
        a: appointment.id, d: day, input: { template: 'FREE', sections: [{ key: 'note', text: `Session note ${run}` }], sign: true },
      });
      await api('mutation ($id: ID!) { removeClient(id: $id) { status } }', { id: client.id });

      const page = await newPage(width);
      await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
      await page.goto(`${portal.runtime.url}/app/clients`);
      await page.getByRole('button', { name: 'Which clients' }).click();
      await page.getByRole('option', { name: 'Archived clients' }).click();
      await page.getByRole('link', { name: `Remy ${last}` }).click();
      await page.getByText('This client is archived.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByText(`Remy ${last} was restored.`).waitFor();
      await expect(page.getByText('This client is archived.', { exact: false }).count()).resolves.toBe(0);

      // The client portal invitation is offered: not invited yet (test/e2e/client-portal.test.ts invites).
      await page.getByText('Not invited', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Invite to the client portal' }).waitFor();

      // The chart's Appointments tab: the session with its note, which opens.
      await page.getByRole('tab', { name: 'Appointments and notes' }).click();
      const chart = page.getByRole('table', { name: 'Appointments and notes' });
      await chart.getByRole('button', { name: /^Progress note:/ }).first().waitFor();
      await chart.getByRole('button', { name: /^Progress note:/ }).first().click();
      await page.getByRole('dialog', { name: `Progress note: Remy ${last}` }).getByText(`Session note ${run}`).waitFor();
      await page.context().close();

      // Back in the active list.
      const check = (await api('{ getClients { items { id } nextToken } }')).getClients;
      expect(check.items.map((c: { id: string }) => c.id).includes(client.id) || check.nextToken !== null).toBe(true);
    });
  }

  for (const width of [1366, 390]) {
    it(`shows the demo owner's Profile and Practice details filled as sign-up leaves them (${width} px)`, async () => {
      const page = await newPage(width);
      await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
      await page.goto(`${portal.runtime.url}/app/profile`);
      await expect.poll(() => page.getByLabel('First name').inputValue()).toBe(DEMO_OWNER.givenName);
      await expect(page.getByLabel('Last name').inputValue()).resolves.toBe(DEMO_OWNER.familyName);
      await expect(page.getByLabel('Phone').first().inputValue()).resolves.toBe('(503) 555-0142');
      await page.goto(`${portal.runtime.url}/app/settings/practice-details`);
      await expect.poll(() => page.getByLabel('Practice name').inputValue()).toBe('Owens Family Therapy');
      await page.context().close();
    });
  }
});
