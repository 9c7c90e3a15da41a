// @vitest-environment jsdom
/**
 * /app/coverage (issue 16): after a recheck, what a biller reads of each check — the client, payer,
 * status, copay, and what changed since the check before, by the labels of the rows that changed;
 * a check with nothing changed says nothing. The list is read again when Recheck now finishes.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ getCoverage: vi.fn() }));
vi.mock('../../../web/src/insurance/api', () => api);
const recheckApi = vi.hoisted(() => ({ getEligibilityRecheck: vi.fn(), startEligibilityRecheck: vi.fn() }));
vi.mock('../../../web/src/insurance/recheck-api', () => recheckApi);

import CoveragePage from '../../../web/src/insurance/CoveragePage';

const check = (over: Record<string, unknown>) => ({
  id: 'k1', clientId: 'c1', clientName: 'Avery Lane', checkedAt: '2026-11-25T09:00:00Z', payerName: 'Aetna', memberId: 'SBX100000001', status: 'active', changes: [],
  mentalHealth: { copayCents: 3000, coinsurancePercent: null, deductibleRemainingCents: null }, estimate: { clientCents: 3000 }, ...over,
});
const job = (over: Record<string, unknown>) => ({ id: 'j1', status: 'running', total: 2, done: 0, checked: 0, changed: 0, failed: 0, startedAt: '2026-11-26T15:00:00Z', finishedAt: null, ...over });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('Coverage page', () => {
  it('after a recheck, each check shows what changed since the check before by its rows’ labels; an unchanged one shows nothing', async () => {
    api.getCoverage
      .mockResolvedValueOnce({ items: [check({})], nextToken: null })
      .mockResolvedValue({
        items: [
          check({ id: 'k3', checkedAt: '2026-11-26T15:00:05Z', status: 'inactive', changes: ['status', 'copayCents', 'deductibleRemainingCents'], mentalHealth: { copayCents: 4000, coinsurancePercent: null, deductibleRemainingCents: 2500 } }),
          check({ id: 'k2', clientId: 'c2', clientName: 'Jordan Kim', checkedAt: '2026-11-26T15:00:04Z', payerName: 'Cigna', memberId: 'SBX100000002' }),
        ],
        nextToken: null,
      });
    recheckApi.getEligibilityRecheck.mockResolvedValueOnce(null).mockResolvedValue(job({ status: 'done', done: 2, checked: 2, changed: 1, finishedAt: '2026-11-26T15:00:09Z' }));
    recheckApi.startEligibilityRecheck.mockResolvedValue(job({}));
    render(<MemoryRouter><CoveragePage /></MemoryRouter>);
    const user = userEvent.setup();
    await screen.findByText('Avery Lane');
    await user.click(await screen.findByRole('button', { name: 'Recheck now' }));
    const jordan = (await screen.findByText('Jordan Kim', {}, { timeout: 5000 })).closest('tr')!;
    const avery = screen.getByText('Avery Lane').closest('tr')!;
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const changed = header.indexOf('Changed since the check before');
    expect(changed).toBeGreaterThan(0);
    expect(cells(avery)[changed]).toBe('Coverage status, Copay, Deductible (remaining of total)');
    expect(cells(avery)[header.indexOf('Copay')]).toBe('$40.00');
    expect(cells(jordan)[changed]).toBe('');
    expect(api.getCoverage).toHaveBeenCalledTimes(2);
  });
});
