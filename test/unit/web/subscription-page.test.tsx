// @vitest-environment jsdom
/**
 * Client subscriptions (issue 15): an app's plans and purchases with seats used and assigned clients; assigning shows the server's refusal in place and the new row on success.
 * Session packages (session 8): the packages with sessions and price a month, the clients on them with used/left this period and card renewal; adding a package shows the server's refusal, then the list again.
 * Ending a package (session 9): "End package" on each row not ended → a modal with the period's end (its date) or today; the server's refusal in the modal, one request at a time, then the row says "Ends on"/"Ended on".
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/clients/api';

const api = vi.hoisted(() => ({ getClientSubscription: vi.fn(), assignClientSubscription: vi.fn(), getClientPackages: vi.fn(), saveClientPackagePlan: vi.fn(), endClientPackage: vi.fn() }));
vi.mock('../../../web/src/subscription/api', () => api);
vi.mock('../../../web/src/assessments/api', () => ({ clientsByName: vi.fn().mockResolvedValue([{ id: 'c9', personalDetail: { first: 'Noah', last: 'Reyes' } }]) }));

import SubscriptionPage from '../../../web/src/subscription/SubscriptionPage';

const assigned = (clientId: string, clientName: string, startDate: string) => ({ clientId, clientName, startDate, assignedAt: `${startDate}T09:00:00.000Z` });
const PURCHASE = {
  id: 'ACT_demo', appId: 'ACT', planId: 'ACT-YEAR', planName: 'ACT app access, yearly', seats: 25, used: 2, periodStart: '2026-01-01', renewsOn: '2027-01-01', status: 'ACTIVE', version: 3,
  assigned: [assigned('c1', 'Avery Lane', '2026-02-01'), assigned('c2', 'Mia Chen', '2026-03-15')],
};
const ACT = {
  appId: 'ACT', currency: 'usd', purchases: [PURCHASE],
  plans: [{ id: 'ACT-MONTH', appId: 'ACT', name: 'ACT app access, monthly', interval: 'month', priceCents: 1500 }, { id: 'ACT-YEAR', appId: 'ACT', name: 'ACT app access, yearly', interval: 'year', priceCents: 15000 }],
};

const NO_PACKAGES = { currency: 'USD', decimals: 0, plans: [], packages: [] };
beforeEach(() => {
  api.getClientPackages.mockResolvedValue(NO_PACKAGES);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function assign(user: ReturnType<typeof userEvent.setup>) {
  const picker = createWrapper().findAutosuggest()!;
  act(() => picker.setInputValue('Noah'));
  act(() => picker.focus());
  await waitFor(() => expect(picker.findDropdown().findOptions().map((o) => o.getElement().textContent)).toEqual(['Noah Reyes']));
  act(() => picker.selectSuggestion(1));
  const date = screen.getByRole('textbox', { name: 'Start date' });
  await user.clear(date);
  await user.type(date, '11/30/2026');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
}

describe('Subscription page', () => {
  it("shows ACT's plans with the price per seat, and the purchase with seats used of total and its clients", async () => {
    api.getClientSubscription.mockResolvedValue(ACT);
    render(<SubscriptionPage />);
    expect(await screen.findByText('$15.00 / month')).toBeTruthy();
    expect(api.getClientSubscription).toHaveBeenCalledWith('ACT');
    expect(screen.getByText('$150.00 / year')).toBeTruthy();
    expect(screen.getByText('2 of 25')).toBeTruthy();
    expect(screen.getByText('01/01/2026 – 01/01/2027')).toBeTruthy();
    const clients = screen.getByRole('table', { name: 'Assigned clients' });
    expect(within(clients).getByText('Avery Lane')).toBeTruthy();
    expect(within(clients).getByText('03/15/2026')).toBeTruthy();
  });

  it("shows the server's refusal in place, then the new row once an assignment succeeds", async () => {
    api.getClientSubscription.mockResolvedValue(ACT);
    api.assignClientSubscription.mockRejectedValueOnce(new ApiError('Every seat of this purchase is taken.', 'ValidationError', []));
    api.assignClientSubscription.mockResolvedValueOnce({ ...PURCHASE, used: 3, version: 4, assigned: [...PURCHASE.assigned, assigned('c9', 'Noah Reyes', '2026-11-30')] });
    const user = userEvent.setup();
    render(<SubscriptionPage />);
    await screen.findByText('2 of 25');
    await assign(user);
    expect(await screen.findByText('Every seat of this purchase is taken.')).toBeTruthy();
    expect(api.assignClientSubscription).toHaveBeenCalledWith('ACT_demo', 'c9', '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const clients = screen.getByRole('table', { name: 'Assigned clients' });
    expect(await within(clients).findByText('Noah Reyes')).toBeTruthy();
    expect(within(clients).getByText('11/30/2026')).toBeTruthy();
    expect(screen.getAllByText('3 of 25').length).toBeGreaterThan(0);
    expect(screen.queryByText('Every seat of this purchase is taken.')).toBeNull();
  });
});

describe('Session packages on the Subscription page', () => {
  const PLAN = { id: 'PKG_demo4', name: '4 sessions a month', sessionsPerPeriod: 4, priceCents: 44000, interval: 'month', version: 1 };
  const ON = {
    clientId: 'c1', clientName: 'Taylor Brooks', planId: 'PKG_demo4', planName: '4 sessions a month', sessionsPerPeriod: 4, startDate: '2026-11-20', status: 'PAST_DUE',
    periodStart: '2026-11-20', periodEnd: '2026-12-20', used: 2, left: 2, cardRenewal: true, paidThrough: '2026-12-20', endedOn: null, version: 5,
  };

  it('shows each package and the clients on one with this period, used of total, left, status and card renewal', async () => {
    api.getClientSubscription.mockResolvedValue(ACT);
    api.getClientPackages.mockResolvedValue({ currency: 'USD', decimals: 0, plans: [PLAN], packages: [ON] });
    render(<SubscriptionPage />);
    expect(await screen.findByText('$440')).toBeTruthy();
    const on = screen.getByRole('table', { name: 'Clients on a package' });
    const row = within(on).getByText('Taylor Brooks').closest('tr')!;
    for (const text of ['4 sessions a month', '11/20/2026 – 12/20/2026', '2 of 4', 'Past due', 'Yes']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Put a client on a package' })).toBeTruthy();
  });

  it("adds a package: the server's refusal in place, then the package listed", async () => {
    api.getClientSubscription.mockResolvedValue(ACT);
    api.saveClientPackagePlan.mockRejectedValueOnce(new ApiError('A package has a name, 1 to 31 sessions a month and a price between $0 and $100,000.', 'ValidationError', []));
    api.saveClientPackagePlan.mockResolvedValueOnce({ ...PLAN, id: 'PKG_new', name: 'Two a month', sessionsPerPeriod: 2, priceCents: 24000 });
    const user = userEvent.setup();
    render(<SubscriptionPage />);
    await screen.findByText('No session packages yet.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Two a month');
    await user.clear(screen.getByRole('spinbutton', { name: 'Sessions a month' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Sessions a month' }), '40');
    await user.type(screen.getByRole('textbox', { name: 'Price a month' }), '240');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A package has a name, 1 to 31 sessions a month and a price between $0 and $100,000.')).toBeTruthy();
    expect(api.saveClientPackagePlan).toHaveBeenCalledWith('Two a month', 40, 24000);
    api.getClientPackages.mockResolvedValue({ currency: 'USD', decimals: 2, plans: [{ ...PLAN, id: 'PKG_new', name: 'Two a month', sessionsPerPeriod: 2, priceCents: 24000 }], packages: [] });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Two a month is added.')).toBeTruthy();
    expect(await screen.findByText('$240.00')).toBeTruthy();
  });

  it('ends a package: the period\'s end (its date) or today, the server\'s refusal in the modal, one request at a time, then the row says when it ends', async () => {
    api.getClientSubscription.mockResolvedValue(ACT);
    const gone = { ...ON, clientId: 'c2', clientName: 'Mia Chen', status: 'ENDED', cardRenewal: false, periodStart: null, periodEnd: null, used: 0, left: 0, endedOn: '2026-10-20', version: 3 };
    api.getClientPackages.mockResolvedValue({ currency: 'USD', decimals: 0, plans: [PLAN], packages: [ON, gone] });
    api.endClientPackage.mockRejectedValueOnce(new ApiError('This client has no active package.', 'ValidationError', []));
    let finish: (value: unknown) => void = () => undefined;
    api.endClientPackage.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<SubscriptionPage />);
    const on = await screen.findByRole('table', { name: 'Clients on a package' });
    const endedRow = within(on).getByText('Mia Chen').closest('tr')!;
    expect(within(endedRow).getByText('Ended on 10/20/2026')).toBeTruthy();
    expect(within(endedRow).queryByRole('button', { name: /End/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'End Taylor Brooks’s package' }));
    const modal = createWrapper().findModal()!;
    expect(modal.findHeader().getElement().textContent).toBe('End Taylor Brooks’s package (4 sessions a month)');
    expect(modal.getElement().textContent).toContain('their card subscription is cancelled too');
    const atEnd = screen.getByRole<HTMLInputElement>('radio', { name: 'At the end of this period (12/20/2026)' });
    expect(atEnd.checked).toBe(true);
    const submit = within(modal.getElement()).getByRole('button', { name: 'End package' });
    await user.click(submit);
    expect(await within(modal.getElement()).findByText('This client has no active package.')).toBeTruthy();
    expect(api.endClientPackage).toHaveBeenLastCalledWith('c1', 5, true);

    // Today, submitted twice while the first is under way: one request.
    await user.click(screen.getByRole('radio', { name: 'Today' }));
    await user.click(submit);
    await user.click(submit);
    expect(api.endClientPackage).toHaveBeenCalledTimes(2);
    expect(api.endClientPackage).toHaveBeenLastCalledWith('c1', 5, false);
    await act(async () => finish({ ...ON, status: 'ENDED', cardRenewal: false, periodStart: null, periodEnd: null, used: 0, left: 0, endedOn: '2026-11-26', version: 6 }));
    await waitFor(() => expect(createWrapper().findModal()).toBeNull());
    const row = within(on).getByText('Taylor Brooks').closest('tr')!;
    expect(within(row).getByText('Ended on 11/26/2026')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'End Taylor Brooks’s package' })).toBeNull();
  });

  it('a package ended at its period\'s end says when it ends, and offers no second ending', async () => {
    api.getClientSubscription.mockResolvedValue(ACT);
    api.getClientPackages.mockResolvedValue({ currency: 'USD', decimals: 0, plans: [PLAN], packages: [{ ...ON, status: 'ENDED', cardRenewal: false, endedOn: '2026-12-20', version: 6 }] });
    render(<SubscriptionPage />);
    const row = (await screen.findByText('Taylor Brooks')).closest('tr')!;
    expect(within(row).getByText('Ends on 12/20/2026')).toBeTruthy();
    expect(within(row).getByText('2 of 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End Taylor Brooks’s package' })).toBeNull();
  });
});
