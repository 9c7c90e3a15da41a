// @vitest-environment jsdom
/**
 * The dashboard's days and times are the practice's (session 9 walk): today's and tomorrow's
 * sessions are read for the practice's days and shown at the practice's time with its zone, and the
 * other sections' days are written as the practice writes dates — whatever zone the reading device is in.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appointments = vi.hoisted(() => ({ getAppointmentSettings: vi.fn(), listAllAppointments: vi.fn() }));
vi.mock('../../../web/src/appointments/api', () => appointments);
vi.mock('../../../web/src/assessments/api', () => ({ openAlerts: vi.fn().mockResolvedValue([]) }));
vi.mock('../../../web/src/companion/api', () => ({
  listCompanionClients: vi.fn().mockResolvedValue([{ clientId: 'c3', clientName: 'Riley Patel', state: 'SHARING', lastHighUrgeDate: '2026-11-24' }]),
}));
vi.mock('../../../web/src/billing/api', () => ({
  getMoneyFormat: vi.fn().mockResolvedValue({ decimals: 0, currency: 'USD' }),
  listBilling: vi.fn().mockResolvedValue({ items: [{ kind: 'INVOICE', id: 'i1', date: '2026-11-01', clientId: 'c1', clientName: 'Avery Lane', clinicianId: 'u1', description: 'INV-00015', amountCents: 56000, balanceCents: 28000, status: 'PARTIALLY_PAID', pastDue: true }], nextToken: null }),
}));
vi.mock('../../../web/src/dashboard/api', async (actual) => ({
  ...(await actual<typeof import('../../../web/src/dashboard/api')>()),
  watchlist: vi.fn().mockResolvedValue({ worsened: [], overdueTotal: 1, overdue: [{ clientId: 'c2', clientName: 'Jordan Reyes', therapistId: 'u1', instrumentId: 'PHQ9', dueSince: '2026-11-19' }] }),
}));

import DashboardPage from '../../../web/src/dashboard/DashboardPage';

const visit = (id: string, start: string, clientName: string) => ({ id, start, end: start, status: 'BOOKED', clientId: `client-${id}`, clientName, clinicianName: 'Olivia Owens' });

beforeEach(() => {
  // Thursday 11/26/2026, 9 PM in New York is 6 PM in the practice (US/Pacific): still its today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T02:00:00.000Z'));
  appointments.getAppointmentSettings.mockResolvedValue({ timezone: 'US/Pacific', locations: [] });
  appointments.listAllAppointments.mockResolvedValue([visit('a1', '2026-11-26T16:00:00.000Z', 'Avery Lane'), visit('a2', '2026-11-27T18:30:00.000Z', 'Casey Nguyen')]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('dashboard days and times', () => {
  it("reads the practice's today and tomorrow and shows each session at the practice's time with its zone", async () => {
    render(<MemoryRouter><DashboardPage /></MemoryRouter>);
    const sessions = screen.getByTestId('dashboard-sessions');
    expect(await within(sessions).findByText('Today 8:00 AM PST')).toBeTruthy();
    expect(within(sessions).getByText('Tomorrow 10:30 AM PST')).toBeTruthy();
    expect(appointments.listAllAppointments).toHaveBeenCalledWith({ from: '2026-11-26T08:00:00.000Z', to: '2026-11-28T08:00:00.000Z' });
  });

  it('writes the overdue, high-urge and unpaid days as the practice writes dates', async () => {
    render(<MemoryRouter><DashboardPage /></MemoryRouter>);
    expect(await within(screen.getByTestId('dashboard-overdue')).findByText('11/19/2026')).toBeTruthy();
    expect((await within(screen.getByTestId('dashboard-entries')).findAllByText('11/24/2026')).length).toBeGreaterThan(0);
    expect(await within(screen.getByTestId('dashboard-balances')).findByText('11/01/2026')).toBeTruthy();
  });
});
