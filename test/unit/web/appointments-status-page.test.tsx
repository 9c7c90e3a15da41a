// @vitest-environment jsdom
/** The appointment status page: what it asks the API for (practice-time range + 2 days, status, clinician) and what it lists. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appointmentsApi = vi.hoisted(() => ({ listAppointments: vi.fn(), getAppointmentSettings: vi.fn(), listClinicians: vi.fn() }));
vi.mock('../../../web/src/appointments/api', async (original) => ({ ...(await original<object>()), ...appointmentsApi }));

import AppointmentStatusPage from '../../../web/src/appointments/AppointmentStatusPage';
import { addDays, practiceToday } from '../../../web/src/appointments/time';

const SETTINGS = {
  lateCancelHours: 24, reminderLeadMinutes: 1440, reminderChannel: 'EMAIL', allowDoubleBooking: false, reminderIncludesClinician: true,
  reminderIncludesLocation: true, timezone: 'America/New_York', locations: [], version: 1,
};

beforeEach(() => {
  appointmentsApi.getAppointmentSettings.mockResolvedValue(SETTINGS);
  appointmentsApi.listClinicians.mockResolvedValue([{ id: 'sub-1', name: 'Olivia Owens' }, { id: 'sub-2', name: 'Ben Baker' }]);
});

// Cloudscape's first render in jsdom can take seconds on a loaded 2-core machine (not a speed check).
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('appointment status page', () => {
  it("asks from the first day's start to two days past the last day, in the practice's zone, and lists what comes back", async () => {
    appointmentsApi.listAppointments.mockResolvedValue({
      items: [
        {
          id: 'a-1', seriesId: null, clientId: 'c-1', clientName: 'Ada Lovelace', clinicianId: 'sub-2', clinicianName: 'Ben Baker', serviceCode: '90834',
          locationType: 'TELEHEALTH', locationName: null, start: '2026-01-12T15:00:00.000Z', end: '2026-01-12T15:45:00.000Z', durationMinutes: 45,
          recurrence: null, status: 'LATE_CANCELLED', sendEmailReminder: false, videoRoomId: 'r', clientVideoPath: '/public/video/r/sub-2', readOnly: false,
          progressNoteId: null, version: 2, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      nextToken: null,
    });
    render(
      <MemoryRouter>
        <AppointmentStatusPage />
      </MemoryRouter>,
    );
    await screen.findByText('Ada Lovelace');
    expect(screen.getByText('Mon, 01/12/2026, 10:00 AM EST')).toBeTruthy();
    expect(screen.getByText('Late-cancelled')).toBeTruthy();
    await waitFor(() => expect(appointmentsApi.listAppointments).toHaveBeenCalled());
    const [filter, token] = appointmentsApi.listAppointments.mock.calls.at(-1)!;
    // Defaults: 30 days either side of today (New York), the end plus 2 days, all statuses and clinicians.
    const today = practiceToday('America/New_York');
    const wallFrom = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    expect(wallFrom.format(new Date(filter.from))).toBe(`${addDays(today, -30)}, 00`);
    expect(wallFrom.format(new Date(filter.to))).toBe(`${addDays(today, 32)}, 00`);
    expect(filter).toMatchObject({ status: null, clinicianId: null });
    expect(token).toBeNull();
  });
});
