// @vitest-environment jsdom
/** Appointment details and its progress note: what a reader may do, telehealth links, signing and addenda. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appointmentsApi = vi.hoisted(() => ({
  cancelAppointment: vi.fn(),
  setAppointmentStatus: vi.fn(),
  getAppointment: vi.fn(),
  getProgressNoteMetadata: vi.fn(),
  getProgressNote: vi.fn(),
  getAppointmentSettings: vi.fn(),
  listAllAppointments: vi.fn(),
  createProgressNote: vi.fn(),
  editProgressNote: vi.fn(),
  getServicesOffered: vi.fn(),
}));
vi.mock('../../../web/src/appointments/api', async (original) => ({ ...(await original<object>()), ...appointmentsApi }));
// The signed-in viewer as `me` reports it (roles, plan); a clinician unless a test says otherwise.
const viewer = vi.hoisted(() => ({ roles: ['clinicianBasic'] as string[] }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { id: 'me', roles: viewer.roles, groups: [] }, viewer: { roles: viewer.roles, groups: [], plan: 'professional' } }),
}));

import type { Appointment, ProgressNote } from '../../../web/src/appointments/api';
import { AppointmentDetailsModal } from '../../../web/src/appointments/AppointmentDetailsModal';
import { ProgressNoteModal } from '../../../web/src/appointments/ProgressNoteModal';
import { ClientChart } from '../../../web/src/clients/ClientChart';

const SOAP = {
  template: 'SOAP' as const,
  label: 'SOAP',
  sections: [
    { key: 'subjective', label: 'Subjective' },
    { key: 'objective', label: 'Objective' },
    { key: 'assessment', label: 'Assessment' },
    { key: 'plan', label: 'Plan' },
  ],
};
const FREE = { template: 'FREE' as const, label: 'Free form', sections: [{ key: 'note', label: 'Note' }] };

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a-1', seriesId: null, clientId: 'c-1', clientName: 'Ada Lovelace', clinicianId: 'me', clinicianName: 'Olivia Owens', serviceCode: '90834',
    locationType: 'OFFICE', locationName: 'Main office', start: '2026-01-12T18:00:00.000Z', end: '2026-01-12T18:45:00.000Z', durationMinutes: 45,
    recurrence: null, status: 'SCHEDULED', sendEmailReminder: true, videoRoomId: null, clientVideoPath: null, readOnly: false, progressNoteId: null,
    version: 3, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides,
  };
}

function note(overrides: Partial<ProgressNote> = {}): ProgressNote {
  return {
    id: 'n-1', appointmentId: 'a-1', clientId: 'c-1', clinicianId: 'me', date: '2026-01-12', template: 'SOAP',
    sections: SOAP.sections.map((s) => ({ key: s.key, text: `${s.label} text` })), signed: false, signedAt: null, addenda: [], version: 1,
    createdAt: '2026-01-12T19:00:00.000Z', updatedAt: '2026-01-12T19:00:00.000Z', ...overrides,
  };
}

function renderDetails(a: Appointment) {
  const handlers = { onDismiss: vi.fn(), onEdit: vi.fn(), onOpenNote: vi.fn(), onChanged: vi.fn() };
  render(
    <MemoryRouter initialEntries={['/app/appointment']}>
      <Routes>
        <Route path="/app/appointment" element={<AppointmentDetailsModal appointment={a} zone="US/Pacific" meId="me" {...handlers} />} />
        <Route path="/video/:id" element={<p>Video room</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), ...handlers };
}

// Cloudscape's first render in jsdom can take seconds on a loaded 2-core machine (not a speed check).
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  appointmentsApi.getServicesOffered.mockResolvedValue([{ code: '90834', description: 'Psychotherapy, 45 minutes', defaultMinutes: 45 }]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  viewer.roles = ['clinicianBasic'];
});

describe('appointment details', () => {
  it('shows the time in the practice zone with its abbreviation, and the actions of its clinician', async () => {
    appointmentsApi.setAppointmentStatus.mockResolvedValue(appointment({ status: 'ATTENDED', version: 4 }));
    const { user, onChanged } = renderDetails(appointment());
    expect(screen.getByText('Mon, 01/12/2026, 10:00 AM PST')).toBeTruthy();
    // The service by code and the practice's name for it.
    expect(await screen.findByText('90834 Psychotherapy, 45 minutes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark attended' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('The appointment was marked attended.'));
    expect(appointmentsApi.setAppointmentStatus).toHaveBeenCalledWith('a-1', 3, 'ATTENDED');
  });

  it("offers no progress note on another clinician's appointment that has none", () => {
    renderDetails(appointment({ clinicianId: 'someone-else' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Progress note' })).toBeNull();
  });

  it('offers no changes on a read-only appointment', () => {
    renderDetails(appointment({ readOnly: true }));
    for (const name of ['Edit', 'Mark attended', 'No-show', 'Cancel appointment', 'Progress note']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByText('You can view this appointment but not change it.')).toBeTruthy();
  });

  it('cancels the rest of a series when asked to', async () => {
    appointmentsApi.cancelAppointment.mockResolvedValue([appointment({ status: 'CANCELLED' }), appointment({ id: 'a-2', status: 'CANCELLED' })]);
    const { user, onChanged } = renderDetails(appointment({ seriesId: 's-1' }));
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await user.click(screen.getByLabelText('This and the later appointments of the series'));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('2 appointments were cancelled.'));
    expect(appointmentsApi.cancelAppointment).toHaveBeenCalledWith('a-1', 3, 'SERIES');
  });

  it("starts the telehealth room and shows the client's public link", async () => {
    const { user } = renderDetails(appointment({ locationType: 'TELEHEALTH', videoRoomId: 'room-9', clientVideoPath: '/public/video/room-9/me' }));
    expect(screen.getByLabelText<HTMLInputElement>("Client's video link").value).toBe(`${window.location.origin}/public/video/room-9/me`);
    await user.click(screen.getByRole('button', { name: 'Start video' }));
    await screen.findByText('Video room');
  });
});

describe('appointment actions by role (spec part 2 §6: no notes, no video for a scheduler or supervisor)', () => {
  const telehealth = (overrides: Partial<Appointment> = {}) =>
    appointment({ locationType: 'TELEHEALTH', videoRoomId: 'room-9', clientVideoPath: '/public/video/room-9/clin-1', progressNoteId: 'n-1', ...overrides });

  it('a clinician on their telehealth appointment sees Progress note and Start video', async () => {
    const { user, onOpenNote } = renderDetails(telehealth());
    await user.click(screen.getByRole('button', { name: 'Progress note' }));
    expect(onOpenNote).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Start video' }));
    await screen.findByText('Video room');
  });

  it('a scheduler sees neither Progress note nor Start video, and keeps scheduling and the client link', () => {
    viewer.roles = ['scheduler'];
    renderDetails(telehealth());
    expect(screen.queryByRole('button', { name: 'Progress note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start video' })).toBeNull();
    for (const name of ['Edit', 'Mark attended', 'No-show', 'Cancel appointment']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Client's video link").value).toBe(`${window.location.origin}/public/video/room-9/clin-1`);
  });

  it("a supervisor reading an appointment with a note sees no Progress note (the note read is refused to them)", () => {
    viewer.roles = ['supervisor'];
    renderDetails(telehealth({ readOnly: true, clinicianId: 'clin-1' }));
    expect(screen.queryByRole('button', { name: 'Progress note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start video' })).toBeNull();
  });

  it('a scheduler who is also a clinician keeps both (the union of roles applies)', () => {
    viewer.roles = ['scheduler', 'clinicianBasic'];
    renderDetails(telehealth());
    expect(screen.getByRole('button', { name: 'Progress note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start video' })).toBeTruthy();
  });
});

describe("the client's Appointments tab: its note links by role", () => {
  const rows = () => [
    appointment({ id: 'a-1', status: 'ATTENDED', progressNoteId: 'n-1' }),
    appointment({ id: 'a-2', status: 'ATTENDED', start: '2026-01-19T18:00:00.000Z', end: '2026-01-19T18:45:00.000Z' }),
  ];
  const noteLinks = () => screen.queryAllByRole('button', { name: /^Progress note: / });

  it('a clinician opens the written note and writes the missing one', async () => {
    appointmentsApi.getAppointmentSettings.mockResolvedValue({ timezone: 'US/Pacific' });
    appointmentsApi.listAllAppointments.mockResolvedValue(rows());
    render(<ClientChart clientId="c-1" />);
    await screen.findByText('Open note');
    expect(noteLinks().map((b) => b.textContent)).toEqual(['Write note', 'Open note']);
  });

  it('a cancelled appointment offers no "Write note" (the API refuses one); its existing note still opens', async () => {
    appointmentsApi.getAppointmentSettings.mockResolvedValue({ timezone: 'US/Pacific' });
    appointmentsApi.listAllAppointments.mockResolvedValue([
      appointment({ id: 'a-1', status: 'CANCELLED', progressNoteId: 'n-1' }),
      appointment({ id: 'a-2', status: 'LATE_CANCELLED', start: '2026-01-19T18:00:00.000Z', end: '2026-01-19T18:45:00.000Z' }),
      appointment({ id: 'a-3', status: 'CANCELLED', start: '2026-01-26T18:00:00.000Z', end: '2026-01-26T18:45:00.000Z' }),
      appointment({ id: 'a-4', status: 'NO_SHOW', start: '2026-02-02T18:00:00.000Z', end: '2026-02-02T18:45:00.000Z' }),
    ]);
    render(<ClientChart clientId="c-1" />);
    await screen.findByText('Open note');
    expect(noteLinks().map((b) => b.textContent)).toEqual(['Write note', 'Open note']);
    expect(screen.getAllByText('None')).toHaveLength(2);
  });

  it('a scheduler sees whether a note is written, with no link the API would refuse', async () => {
    viewer.roles = ['scheduler'];
    appointmentsApi.getAppointmentSettings.mockResolvedValue({ timezone: 'US/Pacific' });
    appointmentsApi.listAllAppointments.mockResolvedValue(rows());
    render(<ClientChart clientId="c-1" />);
    await screen.findByText('Written');
    expect(screen.getByText('None')).toBeTruthy();
    expect(noteLinks()).toEqual([]);
  });
});

describe('progress note', () => {
  it("shows another clinician's signed note without a way to add to it", async () => {
    appointmentsApi.getProgressNoteMetadata.mockResolvedValue([SOAP, FREE]);
    appointmentsApi.getProgressNote.mockResolvedValue(note({ signed: true, signedAt: '2026-01-12T20:00:00.000Z' }));
    render(<ProgressNoteModal appointment={appointment()} zone="US/Pacific" canWrite={false} onDismiss={() => {}} onSaved={() => {}} />);
    await screen.findByText('Plan text');
    expect(screen.queryByLabelText('Add addendum')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and sign' })).toBeNull();
  });

  it('writes one box per section of the chosen template and signs', async () => {
    appointmentsApi.getProgressNoteMetadata.mockResolvedValue([SOAP, FREE]);
    appointmentsApi.getProgressNote.mockResolvedValue(null);
    appointmentsApi.createProgressNote.mockImplementation(async (_id, _date, input) => note({ sections: input.sections, signed: true, signedAt: '2026-01-12T20:00:00.000Z' }));
    const user = userEvent.setup();
    render(<ProgressNoteModal appointment={appointment()} zone="US/Pacific" canWrite onDismiss={() => {}} onSaved={() => {}} />);
    await screen.findByLabelText('Subjective');
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    await user.type(screen.getByLabelText('Plan'), 'Next week');
    await user.click(screen.getByRole('button', { name: 'Save and sign' }));
    await screen.findByText('The note was signed.');
    // The practice date of the appointment, and every section (blank ones too).
    expect(appointmentsApi.createProgressNote).toHaveBeenCalledWith('a-1', '2026-01-12', {
      template: 'SOAP',
      sign: true,
      sections: [
        { key: 'subjective', text: '' },
        { key: 'objective', text: '' },
        { key: 'assessment', text: '' },
        { key: 'plan', text: 'Next week' },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Save and sign' })).toBeNull();
    expect(screen.getByText('Next week')).toBeTruthy();
  });

  it('does not sign an empty note: says why, sends nothing; a blank draft still saves', async () => {
    appointmentsApi.getProgressNoteMetadata.mockResolvedValue([SOAP, FREE]);
    appointmentsApi.getProgressNote.mockResolvedValue(null);
    appointmentsApi.createProgressNote.mockImplementation(async (_id, _date, input) => note({ sections: input.sections }));
    const user = userEvent.setup();
    render(<ProgressNoteModal appointment={appointment()} zone="US/Pacific" canWrite onDismiss={() => {}} onSaved={() => {}} />);
    await screen.findByLabelText('Subjective');
    await user.type(screen.getByLabelText('Plan'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save and sign' }));
    await screen.findByText('A note needs some content before it is signed.');
    expect(appointmentsApi.createProgressNote).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The note was saved.');
    expect(appointmentsApi.createProgressNote).toHaveBeenCalledWith('a-1', '2026-01-12', expect.objectContaining({ sign: false }));
    expect(screen.queryByText('A note needs some content before it is signed.')).toBeNull();
  });

  it('shows a signed note read-only and adds an addendum under the unchanged text', async () => {
    const signed = note({ signed: true, signedAt: '2026-01-12T20:00:00.000Z', version: 2 });
    appointmentsApi.getProgressNoteMetadata.mockResolvedValue([SOAP, FREE]);
    appointmentsApi.getProgressNote.mockResolvedValue(signed);
    appointmentsApi.editProgressNote.mockResolvedValue({ ...signed, version: 3, addenda: [{ id: 'd-1', text: 'Called back', authorId: 'me', createdAt: '2026-01-13T17:00:00.000Z' }] });
    const user = userEvent.setup();
    render(<ProgressNoteModal appointment={appointment()} zone="US/Pacific" canWrite onDismiss={() => {}} onSaved={() => {}} />);
    await screen.findByText('Subjective text');
    expect(screen.queryByLabelText('Subjective')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add addendum' }));
    await screen.findByText('Write the addendum first.');
    expect(appointmentsApi.editProgressNote).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Add addendum'), 'Called back');
    await user.click(screen.getByRole('button', { name: 'Add addendum' }));
    await screen.findByText('The addendum was added.');
    expect(appointmentsApi.editProgressNote).toHaveBeenCalledWith('n-1', { version: 2, addendum: 'Called back' });
    expect(screen.getByText('Called back')).toBeTruthy();
    expect(screen.getByText('Subjective text')).toBeTruthy();
  });
});
