// @vitest-environment jsdom
/** Upgrade plan: the three plans and Tele Health, the current plan marked, change with confirmation (owner/admin only). */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_OFFERS } from '../../../domain/pricing';

const plansApi = vi.hoisted(() => ({ getProviderPlans: vi.fn(), getCurrentPlan: vi.fn(), changePlan: vi.fn() }));
vi.mock('../../../web/src/plans/api', () => plansApi);
const viewer = vi.hoisted(() => ({ roles: ['owner'] as string[] }));
const refreshViewer = vi.hoisted(() => ({ fn: null as null | (() => Promise<void>), calls: 0 }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { email: 'o@demo.test', roles: viewer.roles, groups: [] }, viewer: { roles: viewer.roles, groups: [], plan: 'premium' } }),
  // The shell reads the viewer again after a plan change (issue 19: it takes effect at once).
  useRefreshViewer: () => async () => {
    refreshViewer.calls += 1;
  },
}));

import UpgradePlanPage from '../../../web/src/plans/UpgradePlanPage';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';

const PLANS = PLAN_OFFERS.map((p) => ({ id: p.id, name: p.name, amount: p.monthlyPriceUsd, interval: 'month', videoFeatureAmount: 8, additionalClinicianAmount: null, summary: p.summary, includes: p.includes }));
const current = (planId: string, teleHealth = false) => ({ subscriptionId: null, subscriptionDue: null, planId, planRef: null, planName: planId.toUpperCase(), isOnTrial: 0, teleHealth });

function renderPage() {
  render(
    <MemoryRouter>
      <BannerProvider>
        <BannerFlashbar />
        <UpgradePlanPage />
      </BannerProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The plan card (Container) whose heading names the plan. */
const card = (name: string) => screen.getByRole('region', { name: `${name} plan` });
const currentBadgeIn = (name: string) => within(card(name)).queryByText('Current plan');

beforeEach(() => {
  viewer.roles = ['owner'];
  plansApi.getProviderPlans.mockResolvedValue(PLANS);
  plansApi.getCurrentPlan.mockResolvedValue(current('premium'));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('upgrade plan page', () => {
  it('shows the three plans and Tele Health with the current plan marked', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Premium plan' });
    for (const name of ['Essentials', 'Professional']) expect(card(name)).toBeTruthy();
    expect(currentBadgeIn('Premium')).toBeTruthy();
    expect(currentBadgeIn('Essentials')).toBeNull();
    expect(screen.getByText('Tele Health add-on')).toBeTruthy();
    expect(screen.getByText('$40 / month')).toBeTruthy();
  });

  it('changes the plan after confirmation and moves the mark', async () => {
    plansApi.changePlan.mockResolvedValue(current('professional', true));
    const user = renderPage();
    await screen.findByRole('region', { name: 'Premium plan' });
    await user.click(screen.getByRole('checkbox', { name: 'Include Tele Health' }));
    await user.click(screen.getByRole('button', { name: 'Change to Professional' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change to Professional?')).toBeTruthy();
    expect(plansApi.changePlan).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Your plan is now Professional with Tele Health.');
    expect(plansApi.changePlan).toHaveBeenCalledWith('professional', true);
    expect(refreshViewer.calls).toBe(1);
    await waitFor(() => expect(currentBadgeIn('Professional')).toBeTruthy());
    expect(currentBadgeIn('Premium')).toBeNull();
  });

  it('keeps the dialog open with the refusal in place when the payment is declined (not the system-error banner)', async () => {
    plansApi.changePlan.mockRejectedValue(Object.assign(new Error('Payment declined'), { errorType: 'PaymentError' }));
    const user = renderPage();
    await screen.findByRole('region', { name: 'Premium plan' });
    await user.click(screen.getByRole('button', { name: /^Change to (Basic|Essentials)$/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Payment declined');
    expect(screen.queryByText(/A system error occured/)).toBeNull();
    expect(currentBadgeIn('Premium')).toBeTruthy();
  });

  it('shows the system-error banner when the change fails unexpectedly', async () => {
    plansApi.changePlan.mockRejectedValue(Object.assign(new Error('An internal error occurred. Reference: x1'), { errorType: 'InternalError' }));
    const user = renderPage();
    await screen.findByRole('region', { name: 'Premium plan' });
    await user.click(screen.getByRole('button', { name: /^Change to (Basic|Essentials)$/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/A system error occured/);
  });

  it('hides Change plan from members who may not change it', async () => {
    viewer.roles = ['biller'];
    renderPage();
    await screen.findByRole('region', { name: 'Premium plan' });
    expect(screen.queryByRole('button', { name: /Change to/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(currentBadgeIn('Premium')).toBeTruthy();
  });
});
