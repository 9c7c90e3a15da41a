// @vitest-environment jsdom
/**
 * /app/billings/insurance_payments/new (issue 16): what a biller reads on an ERA — how each claim
 * was matched and the provider-level adjustments (PLB) — and the held payments matched by hand
 * (session 8): what the 835 says of each and why it was held, the candidate claims with why each is
 * offered, Post on this claim (a refusal in place, in the server's words; then the row says where it
 * went), and Not ours.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/clients/api';

const api = vi.hoisted(() => ({
  listEras: vi.fn(), retrieveEras: vi.fn(), uploadEra: vi.fn(), postEra: vi.fn(), listEraCandidates: vi.fn(), matchEraItem: vi.fn(), markEraItemNotOurs: vi.fn(),
}));
vi.mock('../../../web/src/insurance/claims/api', () => api);

import EraPage from '../../../web/src/insurance/era/EraPage';

const HELD = {
  reference: 'HANA0001', amountCents: 8200, reason: 'No claim of ours has patient control number HANA0001 or payer claim number PAYERREF77: match it by hand; nothing was posted.',
  item: 0, why: 'noMatch', payerClaimNumber: 'PAYERREF77', patientName: 'HANA HELDBY', memberId: 'SBX10000000I', serviceDates: ['2026-10-13'], chargeCents: 14000,
  resolution: null, resolvedClaimId: null, resolvedAt: null,
};
const STRANGER = { ...HELD, reference: 'ZZ0002', item: 1, amountCents: 10000, payerClaimNumber: 'PAYERREF78', patientName: 'SAM STRANGER', serviceDates: ['2026-01-05'], chargeCents: 20000 };
const ERA = {
  id: 'era1', payerName: 'Aetna', traceNumber: 'EFT123', paymentDate: '2026-11-20', totalPaidCents: 18200, status: 'proposed', source: 'upload', receivedAt: '2026-11-26T14:00:00Z', postedAt: null, balanced: true,
  claims: [], held: [HELD, STRANGER], providerAdjustments: [],
};
const MATCHED_ERA = {
  ...ERA, id: 'era2', traceNumber: 'EFT777', held: [],
  claims: [{ claimId: 'C1', patientControlNumber: 'C1', kind: 'payment', paidCents: 8200, clientResponsibilityCents: 3000, nextStage: 'paid', matchedBy: 'payerClaimNumber', adjustments: [{ group: 'PR', reason: '3', amountCents: 3000 }], remarks: [] }],
  providerAdjustments: [{ kind: 'interest', amountCents: 185, note: 'L6 SBX42', claimId: 'C1' }, { kind: 'takeback', amountCents: -1500, note: 'WO SBX41', claimId: 'C0' }],
};
const CANDIDATE = { claimId: 'CHANA1', clientName: 'Hana Heldby', memberId: 'SBX100000001', serviceDate: '2026-10-13', chargeCents: 14000, stage: 'accepted', payerName: 'Aetna', reasons: ['sameCharge', 'nearDate', 'sameCode'], daysApart: 0 };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('ERA page', () => {
  it('shows how each claim was matched and the provider-level adjustments with their amounts', async () => {
    api.listEras.mockResolvedValue([MATCHED_ERA]);
    render(<EraPage />);
    const row = (await screen.findByText('C1')).closest('tr')!;
    expect(cells(row)).toEqual(['C1', 'Payment', '$82.00', '$30.00', 'PR-3 $30.00', 'Paid', 'Payer claim number']);
    expect(screen.getByRole('heading', { name: 'Provider-level adjustments' })).toBeTruthy();
    expect(['Interest', 'Takeback'].map((k) => cells(screen.getByText(k).closest('tr')!))).toEqual([['Interest', '$1.85', 'L6 SBX42'], ['Takeback', '-$15.00', 'WO SBX41']]);
  });

  it('lists the held payments as the 835 names them with why each is held; the biller picks a candidate and posts; a refusal shows in place', async () => {
    api.listEras.mockResolvedValue([ERA]);
    api.listEraCandidates.mockResolvedValue([CANDIDATE]);
    api.matchEraItem
      .mockRejectedValueOnce(new ApiError('This payment is already posted on claim CHANA1: nothing was posted again.', 'ValidationError', []))
      .mockResolvedValueOnce({ ...ERA, held: [{ ...HELD, resolution: 'posted', resolvedClaimId: 'CHANA1' }, STRANGER] });
    render(<EraPage />);
    const user = userEvent.setup();
    const row = (await screen.findByText('HANA0001')).closest('tr')!;
    expect(cells(row).slice(0, 8)).toEqual(['HANA0001', 'PAYERREF77', 'HANA HELDBY', '2026-10-13', '$140.00', '$82.00', 'No claim of ours matches', 'Held']);

    await user.click(within(row).getByRole('button', { name: 'Find the claim' }));
    expect(api.listEraCandidates).toHaveBeenCalledWith('era1', 0);
    const candidate = (await screen.findByText('Hana Heldby')).closest('tr')!;
    expect(cells(candidate).slice(1)).toEqual(['Hana Heldby', 'SBX100000001', '2026-10-13', '$140.00', 'Accepted', 'Same amount billed, Same service date, Same service code']);
    const post = screen.getByRole('button', { name: 'Post on this claim' });
    const disabled = () => (post as HTMLButtonElement).disabled || post.getAttribute('aria-disabled') === 'true';
    expect(disabled()).toBe(true);
    await user.click(within(candidate).getByRole('radio'));
    await user.click(post);
    expect(api.matchEraItem).toHaveBeenCalledWith('era1', 0, 'CHANA1');
    expect(await screen.findByText('This payment is already posted on claim CHANA1: nothing was posted again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Post on this claim' }));
    await waitFor(() => expect(cells(screen.getByText('HANA0001').closest('tr')!)[7]).toBe('Posted on claim CHANA1'));
    expect(screen.queryByText('Hana Heldby')).toBeNull();
    expect(within(screen.getByText('HANA0001').closest('tr')!).queryByRole('button', { name: 'Find the claim' })).toBeNull();
  });

  it('marks a held payment not ours: it stays listed as Not ours, with nothing left to do', async () => {
    api.listEras.mockResolvedValue([ERA]);
    api.markEraItemNotOurs.mockResolvedValue({ ...ERA, held: [HELD, { ...STRANGER, resolution: 'notOurs' }] });
    render(<EraPage />);
    const user = userEvent.setup();
    const row = (await screen.findByText('ZZ0002')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Not ours' }));
    expect(api.markEraItemNotOurs).toHaveBeenCalledWith('era1', 1);
    await waitFor(() => expect(cells(screen.getByText('ZZ0002').closest('tr')!)[7]).toBe('Not ours'));
    expect(within(screen.getByText('ZZ0002').closest('tr')!).queryAllByRole('button')).toEqual([]);
  });
});
