// @vitest-environment jsdom
/**
 * The client's session package on the portal's Billing page (issue 15, session 8): this period's
 * sessions used and left and "Start package", which opens the card processor's page with one request
 * id however often it is clicked; once it renews by card, until when it is paid; past due says so;
 * a practice without a package shows nothing; one the practice ended shows while its last period
 * runs, with the day it ends (session 9), and nothing after.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ clientPackages: vi.fn(), clientStartPackage: vi.fn() }));
vi.mock('../../../web/src/client-portal/billing/api', () => api);

import { PackageCard } from '../../../web/src/client-portal/billing/PackageCard';

const PKG = { planName: '4 sessions a month', sessionsPerPeriod: 4, priceCents: 44000, status: 'ACTIVE', periodEnd: '2026-12-20', used: 2, left: 2, cardRenewal: false, paidThrough: null };
const practice = (pkg: unknown) => ({ practiceId: 'p1', practiceName: 'Owens Family Therapy', decimals: 0, currency: 'USD', package: pkg });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('the package on the portal Billing page', () => {
  it('shows used and left this period; Start package opens the checkout page with one request id per practice', async () => {
    api.clientPackages.mockResolvedValue([practice(PKG), { ...practice(null), practiceId: 'p2' }]);
    let settle: (v: { url: string }) => void = () => {};
    api.clientStartPackage.mockReturnValue(new Promise((r) => (settle = r)));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<PackageCard />);
    expect(await screen.findByRole('heading', { name: 'Your package: 4 sessions a month' })).toBeTruthy();
    expect(screen.getByText('This period: 2 of 4 sessions used, 2 left.')).toBeTruthy();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    const user = userEvent.setup();
    const start = screen.getByRole('button', { name: 'Start package — $440 a month by card' });
    await user.click(start);
    expect((start as HTMLButtonElement).disabled).toBe(true);
    settle({ url: 'http://portal.test/_local/pay/p1/x' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://portal.test/_local/pay/p1/x'));
    expect(api.clientStartPackage).toHaveBeenCalledTimes(1);
    expect(api.clientStartPackage.mock.calls[0][0]).toBe('p1');
    expect(api.clientStartPackage.mock.calls[0][1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('renewing by card: paid until when, no Start button; past due says so; a free package has nothing to start; ended shows nothing', async () => {
    api.clientPackages.mockResolvedValue([practice({ ...PKG, cardRenewal: true, paidThrough: '2026-12-20', status: 'PAST_DUE' })]);
    render(<PackageCard />);
    expect(await screen.findByText('Renews by card every month; paid until Dec 20, 2026.')).toBeTruthy();
    expect(screen.getByText(/did not go through/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    api.clientPackages.mockResolvedValue([practice({ ...PKG, priceCents: 0 })]);
    render(<PackageCard />);
    expect(await screen.findByText('This period: 2 of 4 sessions used, 2 left.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    api.clientPackages.mockResolvedValue([practice({ ...PKG, status: 'ENDED', periodStart: null, periodEnd: null, endedOn: '2026-11-20' })]);
    const { container } = render(<PackageCard />);
    await waitFor(() => expect(api.clientPackages).toHaveBeenCalledTimes(3));
    expect(container.textContent).toBe('');
  });

  it('an ended package whose last period still runs says until when it covers sessions, and offers no Start', async () => {
    api.clientPackages.mockResolvedValue([practice({ ...PKG, status: 'ENDED', periodStart: '2026-11-20', endedOn: '2026-12-20' })]);
    render(<PackageCard />);
    expect(await screen.findByText('Your practice ended this package: it covers your sessions until Dec 20, 2026.')).toBeTruthy();
    expect(screen.getByText('This period: 2 of 4 sessions used, 2 left.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
