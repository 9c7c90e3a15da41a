// @vitest-environment jsdom
/**
 * The payments half of the client's Billing tab (issue 15): a payment applied oldest first or to the
 * invoices the biller chooses; a refund offered only while the client has credit, prefilled with what
 * the payment can still return, refused in place above that, and sent once with the amount typed.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../domain/billing/money';

const api = vi.hoisted(() => ({ recordPayment: vi.fn(), refundPayment: vi.fn() }));
vi.mock('../../../web/src/billing/api', () => api);

import PaymentsPanel from '../../../web/src/billing/PaymentsPanel';

const invoice = (id: string, number: string, status: string, balanceCents: number) => ({ id, number, status, issueDate: '2026-10-01', dueDate: '2026-10-31', pastDue: false, totalCents: 28000, paidCents: 28000 - balanceCents, balanceCents, version: 2 });
function billing(creditCents: number) {
  return {
    clientId: 'c1', decimals: 0, currency: 'USD',
    balance: { invoicedCents: 84000, paidCents: 56000, balanceCents: 28000, creditCents, uninvoicedCents: 0 },
    lines: [],
    invoices: [invoice('i1', 'INV-00013', 'PAID', 0), invoice('i2', 'INV-00014', 'SENT', 28000), invoice('i3', 'INV-00015', 'PARTIALLY_PAID', 14000)],
    payments: [
      { id: 'p1', date: '2026-11-17', method: 'CHECK', reference: '1043', amountCents: 33000, appliedCents: 28000, refundedCents: 0 },
      { id: 'p2', date: '2026-10-02', method: 'CARD', reference: 'pi_123', amountCents: 28000, appliedCents: 28000, refundedCents: 0 },
    ],
  } as never;
}
const money = (cents: number) => formatMoney(cents, { decimals: 0, currency: 'USD' });

function show(creditCents: number) {
  const run = vi.fn(async (action: () => Promise<unknown>) => {
    await action();
    return true;
  });
  render(<PaymentsPanel clientId="c1" billing={billing(creditCents)} money={money} busy={false} run={run} />);
  return run;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('payments on the Billing tab', () => {
  it('offers no refund while the client has no credit (applied money comes back by voiding the invoice)', () => {
    show(0);
    expect(screen.getByText('1043')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Refund the payment/ })).toBeNull();
  });

  it('prefills what the payment can return, refuses more in place, and refunds the amount typed once', async () => {
    const user = userEvent.setup();
    api.refundPayment.mockResolvedValue({ id: 'p1', refundedCents: 2000 });
    show(5000);
    await user.click(screen.getByRole('button', { name: 'Refund the payment of 11/17/2026 ($330)' }));
    const dialog = createWrapper().findModal()!;
    expect(dialog.findContent().getElement().textContent).toContain('Record here the money you returned to the client yourself');
    const amount = dialog.findContent().findInput()!;
    expect(amount.getInputValue()).toBe('50');
    act(() => amount.setInputValue('60'));
    expect(await screen.findByText('At most $50 can be refunded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(api.refundPayment).not.toHaveBeenCalled();
    act(() => amount.setInputValue('20'));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.refundPayment).toHaveBeenCalledTimes(1));
    expect(api.refundPayment.mock.calls[0][0]).toMatchObject({ clientId: 'c1', paymentId: 'p1', amountCents: 2000 });
    await waitFor(() => expect(createWrapper().findModal()).toBeNull());
  });

  it('says a card refund goes back to the card', async () => {
    const user = userEvent.setup();
    show(5000);
    await user.click(screen.getByRole('button', { name: 'Refund the payment of 10/02/2026 ($280)' }));
    expect(createWrapper().findModal()!.findContent().getElement().textContent).toContain("returns the money to the client's card");
  });

  it('applies a payment oldest first unless the biller chooses the invoices (open ones only)', async () => {
    const user = userEvent.setup();
    api.recordPayment.mockResolvedValue({ id: 'p9', appliedCents: 14000 });
    show(0);
    const amount = createWrapper().findContainer()!.findContent().findInput()!;
    act(() => amount.setInputValue('140'));
    const choose = createWrapper().findMultiselect()!;
    act(() => choose.openDropdown());
    expect(choose.findDropdown().findOptions().map((o) => o.getElement().textContent)).toEqual(['INV-00014 · $280 owed', 'INV-00015 · $140 owed']);
    act(() => choose.selectOption(2));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.recordPayment).toHaveBeenCalledTimes(1));
    expect(api.recordPayment.mock.calls[0][0]).toMatchObject({ clientId: 'c1', amountCents: 14000, method: 'CASH', invoiceIds: ['i3'] });

    act(() => amount.setInputValue('100'));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.recordPayment).toHaveBeenCalledTimes(2));
    expect(api.recordPayment.mock.calls[1][0]).toMatchObject({ amountCents: 10000, invoiceIds: null });
    expect(api.recordPayment.mock.calls[1][0].requestId).not.toBe(api.recordPayment.mock.calls[0][0].requestId);
  });
});
