// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import PricingPage from '../../../web/src/public/PricingPage';

afterEach(cleanup);

// Copied by hand from spec part 1 §2 "Pricing page" (not generated from domain/pricing.ts):
// [feature, Essentials, Premium, Professional].
const SPEC_MATRIX: Array<[string, boolean, boolean, boolean]> = [
  ['Get Listed', true, true, true],
  ['Intelligent matching', true, true, true],
  ['Preferred Listing', true, true, true],
  ['Evidence Based Therapy Apps', true, true, true],
  ["View Clients' Health Data", true, true, true],
  ['HIPAA Compliant', true, true, true],
  ['Assign Homework', false, true, true],
  ['Standardized Assessments', false, true, true],
  ['Video Tele-Therapy', false, false, true],
  ['Secure Chat', false, false, true],
  ['Schedule Appointments', false, false, true],
  ['Notes and Documentation', false, false, true],
  ['Client Billing', false, false, true],
  ['Insurance Billing', false, false, true],
  ['Client Portal', false, false, true],
];

function renderPricing() {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <PricingPage />
    </MemoryRouter>,
  );
}

describe('pricing page', () => {
  it('has the three matrix columns in order', () => {
    renderPricing();
    const table = screen.getByRole('table', { name: 'Features included in each plan' });
    const heads = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(heads).toEqual(['Feature', 'Essentials', 'Premium', 'Professional']);
  });

  it('ticks every feature exactly as the spec, with a text alternative per cell', () => {
    renderPricing();
    const table = screen.getByRole('table', { name: 'Features included in each plan' });
    const [, ...rows] = within(table).getAllByRole('row');
    const shown = rows.map((row) => {
      const feature = within(row).getByRole('rowheader').textContent;
      const cells = within(row).getAllByRole('cell').map((cell) => {
        const text = cell.textContent;
        expect(['Included', 'Not included']).toContain(text);
        return text === 'Included';
      });
      return [feature, ...cells];
    });
    expect(shown).toEqual(SPEC_MATRIX);
  });

  it('shows each plan card with its price and a way to sign up, and a login link', () => {
    renderPricing();
    const plans = screen.getByRole('list', { name: 'Plans' });
    const cards = within(plans).getAllByRole('listitem').filter((item) => item.parentElement === plans);
    const summary = cards.map((card) => [
      within(card).getByRole('heading', { level: 2 }).textContent,
      card.querySelector('.pub-price')?.textContent,
    ]);
    expect(summary).toEqual([
      ['Essentials', '$0 free'],
      ['Premium', '$20 / month'],
      ['Professional', '$40 / month'],
      ['Tele Health add-on', '$8 / month per clinician'],
    ]);
    expect(within(cards[1]).getByText(/PHQ-9 and GAD-7/)).toBeTruthy();
    // One name for the free plan: the cards say what the matrix says, and no card calls it Basic (issue 19).
    const matrixHeads = [...screen.getByRole('table').querySelectorAll('thead th')].map((th) => th.textContent);
    expect(matrixHeads.slice(1)).toEqual(summary.slice(0, 3).map(([name]) => name));
    expect(plans.textContent).not.toMatch(/\bBasic\b/);
    // The add-on agrees with the matrix: video is a Professional feature, not "any plan".
    expect(cards[3].textContent).toContain('Professional');
    expect(cards[3].textContent).not.toMatch(/any plan/i);
    expect(within(cards[0]).getByRole('link', { name: 'Signup Now' }).getAttribute('href')).toBe('/signup');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/signin');
  });
});
