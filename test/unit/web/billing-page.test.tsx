// @vitest-environment jsdom
/**
 * /app/billings (issue 15): dates as the practice writes them, a payment's method in words, and the
 * filters — a From date typed MM/DD/YYYY reads the list from that day once it is whole (a half-typed
 * one reads nothing new), and a client chosen by name reads that client's lines.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ listBilling: vi.fn(), getMoneyFormat: vi.fn() }));
vi.mock('../../../web/src/billing/api', () => api);
vi.mock('../../../web/src/appointments/api', () => ({ listClinicians: vi.fn().mockResolvedValue([]) }));
vi.mock('../../../web/src/assessments/api', () => ({ clientsByName: vi.fn().mockResolvedValue([{ id: 'c7', personalDetail: { first: 'Avery', last: 'Lane' } }]) }));

import BillingPage from '../../../web/src/billing/BillingPage';

const PAYMENT = { kind: 'PAYMENT', id: 'p1', date: '2026-11-19', clientId: 'c7', clientName: 'Avery Lane', clinicianId: 'u1', description: 'CHECK', amountCents: 39700, balanceCents: null, status: 'RECORDED', pastDue: false };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the billing list', () => {
  it('shows dates as MM/DD/YYYY and the method in words; reads from a whole typed date and for a chosen client', async () => {
    api.getMoneyFormat.mockResolvedValue({ decimals: 0, currency: 'USD' });
    api.listBilling.mockResolvedValue({ items: [PAYMENT], nextToken: null });
    render(<MemoryRouter><BillingPage /></MemoryRouter>);
    expect(await screen.findByText('11/19/2026')).toBeTruthy();
    expect(screen.getByText('Check')).toBeTruthy();
    expect(api.listBilling).toHaveBeenLastCalledWith(expect.objectContaining({ filter: 'all', from: null, to: null, clientId: null }));

    const calls = api.listBilling.mock.calls.length;
    const user = userEvent.setup();
    const from = screen.getAllByPlaceholderText('MM/DD/YYYY')[0];
    await user.type(from, '11/0');
    expect(api.listBilling.mock.calls.length).toBe(calls);
    await user.type(from, '1/2026');
    await waitFor(() => expect(api.listBilling).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-11-01' })));

    const picker = createWrapper().findAutosuggest()!;
    act(() => picker.setInputValue('Avery'));
    act(() => picker.focus());
    await waitFor(() => expect(picker.findDropdown().findOptions().length).toBe(1));
    act(() => picker.selectSuggestion(1));
    await waitFor(() => expect(api.listBilling).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-11-01', clientId: 'c7' })));
  });
});
