// @vitest-environment jsdom
/** Client subscriptions (issue 15): an app's plans and purchases with seats used and assigned clients; assigning shows the server's refusal in place and the new row on success. */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/clients/api';

const api = vi.hoisted(() => ({ getClientSubscription: vi.fn(), assignClientSubscription: vi.fn() }));
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
