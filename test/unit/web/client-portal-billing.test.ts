/** The client portal's Billing page (issue 15): every text key it uses exists, in the six languages alike, placeholders included. */
import { expect, it } from 'vitest';
import portalEn from '../../../web/src/client-portal/messages/en.json';
import { describePageTexts } from '../../support/client-portal-texts.ts';

describePageTexts('Billing page texts', {
  folder: 'billing',
  page: 'BillingPage.tsx',
  translator: 'bt',
  prefix: 'clientPortal.billing.',
  // The invoice statuses.
  templated: ['SENT', 'PARTIALLY_PAID', 'PAID', 'VOID', 'DRAFT'].map((s) => `status.${s}`),
  atLeast: 6,
});

it("the portal's menu names the Billing page", () => {
  expect('clientPortal.nav.billing' in portalEn).toBe(true);
});
