// @vitest-environment jsdom
/** The appointment form: the browser's checks, the API's messages under the fields, and practice time sent as UTC. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appointmentsApi = vi.hoisted(() => ({
  createAppointment: vi.fn(),
  editAppointment: vi.fn(),
  getAppointment: vi.fn(),
  getServicesOffered: vi.fn(),
}));
vi.mock('../../../web/src/appointments/api', async (original) => ({ ...(await original<object>()), ...appointmentsApi }));
vi.mock('../../../web/src/clients/api', async (original) => ({ ...(await original<object>()), getClients: vi.fn(async () => ({ items: [], nextToken: null })) }));

import type { Appointment } from '../../../web/src/appointments/api';
import { AppointmentFormModal } from '../../../web/src/appointments/AppointmentFormModal';
import { emptyForm, type AppointmentFormValues } from '../../../web/src/appointments/form';

const SERVICES = [
  { code: '90834', description: 'Psychotherapy, 45 minutes', defaultMinutes: 45 },
  { code: '90837', description: 'Psychotherapy, 60 minutes', defaultMinutes: 60 },
];

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a-1', seriesId: null, clientId: 'c-1', clientName: 'Ada Lovelace', clinicianId: 'me', clinicianName: 'Olivia Owens', serviceCode: '90834',
    locationType: 'OFFICE', locationName: null, start: '2026-03-09T17:00:00.000Z', end: '2026-03-09T17:45:00.000Z', durationMinutes: 45,
    recurrence: null, status: 'SCHEDULED', sendEmailReminder: true, videoRoomId: null, clientVideoPath: null, readOnly: false, progressNoteId: null,
    version: 1, createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z', ...overrides,
  };
}

function renderForm(initial: AppointmentFormValues, zone = 'US/Pacific', existing: Appointment | null = null) {
  const onSaved = vi.fn();
  render(
    <AppointmentFormModal zone={zone} locations={['Main office']} clinicians={[]} canBookForOthers={false} meId="me" appointment={existing} initial={initial} onDismiss={() => {}} onSaved={onSaved} />,
  );
  return { user: userEvent.setup(), onSaved };
}

const ready = { ...emptyForm('2026-03-09', '10:00'), clientId: 'c-1', clientLabel: 'Ada Lovelace', serviceCode: '90834', durationMinutes: '45' };

beforeEach(() => {
  appointmentsApi.getServicesOffered.mockResolvedValue(SERVICES);
});

// Cloudscape's first render in jsdom can take seconds on a loaded 2-core machine (not a speed check).
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('appointment form', () => {
  it('shows what is missing under the fields and sends nothing', async () => {
    const { user } = renderForm({ ...emptyForm('2026-03-09', '10:00'), durationMinutes: '0' });
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await screen.findByText('Choose a client.');
    expect(screen.getByText('Choose a service.')).toBeTruthy();
    expect(screen.getByText('End must be after start.')).toBeTruthy();
    expect(appointmentsApi.createAppointment).not.toHaveBeenCalled();
  });

  it('refuses a series of more than 52 sessions before sending', async () => {
    const { user } = renderForm({ ...ready, repeat: 'WEEKLY', ends: 'COUNT', count: '60' });
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await screen.findByText('A recurring appointment has at most 52 occurrences.');
    expect(appointmentsApi.createAppointment).not.toHaveBeenCalled();
  });

  it("sends the practice's 10:00 as UTC for the practice's zone, with the weekly recurrence", async () => {
    appointmentsApi.createAppointment.mockResolvedValue([appointment()]);
    const { user, onSaved } = renderForm({ ...ready, repeat: 'WEEKLY', count: '4' }, 'America/New_York');
    // The start time's label names the zone's abbreviation for that date (EDT from March 8, 2026).
    await screen.findByText('Start time (EDT)');
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(appointmentsApi.createAppointment).toHaveBeenCalledWith({
      clientId: 'c-1', serviceCode: '90834', locationType: 'OFFICE', locationName: null, start: '2026-03-09T14:00:00.000Z', durationMinutes: 45,
      sendEmailReminder: true, recurrence: { frequency: 'WEEKLY', interval: 1, count: 4 },
    });
  });

  it('shows and takes the date as MM/DD/YYYY for an en-US practice, and sends the day typed', async () => {
    appointmentsApi.createAppointment.mockResolvedValue([appointment()]);
    const { user, onSaved } = renderForm(ready);
    const date = screen.getByLabelText<HTMLInputElement>('Date');
    expect(date.value).toBe('03/09/2026');
    expect(date.placeholder).toBe('MM/DD/YYYY');
    await user.clear(date);
    await user.type(date, '03/12/2026');
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // 10:00 on March 12 in US/Pacific (PDT from March 8).
    expect(appointmentsApi.createAppointment.mock.calls[0][0]).toMatchObject({ start: '2026-03-12T17:00:00.000Z' });
  });

  it('refuses a date that is not a real MM/DD/YYYY date, under the field', async () => {
    const { user } = renderForm(ready);
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2026/03/12');
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await screen.findByText('Enter a real date in the format shown.');
    expect(appointmentsApi.createAppointment).not.toHaveBeenCalled();
  });

  it("puts the API's double-booking message under the date and keeps the form open", async () => {
    appointmentsApi.createAppointment.mockRejectedValue({ errors: [{ errorType: 'ValidationError', message: 'This clinician already has an appointment at that time.', errorInfo: { fields: [{ field: 'start', reason: 'unknown' }] } }] });
    const { user, onSaved } = renderForm(ready);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await screen.findByText('This clinician already has an appointment at that time.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New appointment' })).toBeTruthy();
  });

  it("puts the API's unknown-client message under the client", async () => {
    appointmentsApi.createAppointment.mockRejectedValue({ errors: [{ errorType: 'ValidationError', message: 'Unknown client.', errorInfo: { fields: [{ field: 'clientId', reason: 'unknown' }] } }] });
    const { user } = renderForm(ready);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await screen.findByText('Unknown client.');
  });

  it('edits one occurrence of a series or the rest of it, as chosen', async () => {
    const inSeries = appointment({ seriesId: 's-1', recurrence: { frequency: 'WEEKLY', interval: 1, count: 6, until: null, rrule: 'FREQ=WEEKLY;COUNT=6' } });
    appointmentsApi.editAppointment.mockResolvedValue([inSeries]);
    const { user, onSaved } = renderForm({ ...ready, durationMinutes: '45' }, 'US/Pacific', inSeries);
    await user.click(screen.getByLabelText('This and the later appointments of the series'));
    const duration = screen.getByLabelText('Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [id, version, scope, input] = appointmentsApi.editAppointment.mock.calls[0];
    expect([id, version, scope]).toEqual(['a-1', 1, 'SERIES']);
    expect(input).toMatchObject({ durationMinutes: 60, start: '2026-03-09T17:00:00.000Z' });
    expect(input.recurrence).toBeUndefined();
  });

  it('reloads the latest appointment after a stale save, with the notice, and says so when it is gone', async () => {
    appointmentsApi.editAppointment.mockRejectedValue({ errors: [{ errorType: 'ConflictError', message: 'Stale version' }] });
    appointmentsApi.getAppointment.mockResolvedValueOnce(appointment({ version: 2, durationMinutes: 60, end: '2026-03-09T18:00:00.000Z' }));
    const { user, onSaved } = renderForm({ ...ready, durationMinutes: '45' }, 'US/Pacific', appointment());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This appointment was changed by someone else. We reloaded it: review and try again.');
    expect(screen.getByLabelText<HTMLInputElement>('Duration (minutes)').value).toBe('60');
    expect(onSaved).not.toHaveBeenCalled();

    appointmentsApi.getAppointment.mockResolvedValueOnce(null);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The appointment was not found.');
    // The second try went with the version reloaded.
    expect(appointmentsApi.editAppointment.mock.calls[1][1]).toBe(2);
  });
});

describe('booking for another clinician', () => {
  it('offers the clinicians to practice-wide bookers and sends the one chosen', async () => {
    appointmentsApi.createAppointment.mockResolvedValue([appointment({ clinicianId: 'sub-ben' })]);
    const onSaved = vi.fn();
    render(
      <AppointmentFormModal
        zone="US/Pacific"
        locations={[]}
        clinicians={[{ id: 'sub-me', name: 'Olivia Owens' }, { id: 'sub-ben', name: 'Ben Baker' }]}
        canBookForOthers
        meId="sub-me"
        appointment={null}
        initial={ready}
        onDismiss={() => {}}
        onSaved={onSaved}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Clinician'));
    await user.click(await screen.findByText('Ben Baker'));
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(appointmentsApi.createAppointment.mock.calls[0][0]).toMatchObject({ clinicianId: 'sub-ben' });
  });

  it('makes a scheduler, who holds no appointments, choose the clinician', async () => {
    const onSaved = vi.fn();
    render(
      <AppointmentFormModal zone="US/Pacific" locations={[]} clinicians={[{ id: 'sub-ben', name: 'Ben Baker' }]} canBookForOthers meId="sub-sam" appointment={null} initial={ready} onDismiss={() => {}} onSaved={onSaved} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    await screen.findByText('Choose a clinician.');
    expect(appointmentsApi.createAppointment).not.toHaveBeenCalled();
  });

  it('has no clinician choice for own-only clinicians', () => {
    renderForm(ready);
    expect(screen.queryByLabelText('Clinician')).toBeNull();
  });
});
