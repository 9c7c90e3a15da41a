// @vitest-environment jsdom
/** Supervision (issue 18): the supervisor's list with age, a note read-only, Co-sign with the version read, Return with a comment; the clinician's co-signature line; the team form's Supervisors and Remind after (days). */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/clients/api';

const api = vi.hoisted(() => ({ listAwaiting: vi.fn(), getSupervisedNote: vi.fn(), cosignNote: vi.fn(), returnNote: vi.fn(), getNoteCosign: vi.fn(), listSupervisions: vi.fn(), setSupervisors: vi.fn() }));
const teamApi = vi.hoisted(() => ({ listAllTeamMembers: vi.fn(), editTeamMember: vi.fn() }));
vi.mock('../../../web/src/team/api', async (original) => ({ ...(await original<object>()), ...teamApi }));
vi.mock('../../../web/src/supervision/api', async (original) => ({ ...(await original<object>()), ...api }));

import SupervisionPage from '../../../web/src/supervision/SupervisionPage';
import { NoteCosignLine } from '../../../web/src/supervision/NoteCosignLine';
import { SupervisorsField, type SupervisorsFieldHandle } from '../../../web/src/supervision/SupervisorsField';
import { TeamMemberModal } from '../../../web/src/team/TeamMemberModal';
import { createRef } from 'react';

const ROW = { noteId: 'note-a1', appointmentId: 'a1', clinicianId: 'ben', clinicianName: 'Ben Baker', clientId: 'c1', clientName: 'Avery Lane', date: '2026-11-20', signedAt: '2026-11-22T10:00:00.000Z', version: 2, ageDays: 4 };
const NOTE = { status: 'AWAITING', cosignature: null, returns: [], note: { id: 'note-a1', date: '2026-11-20', template: 'SOAP', signed: true, signedAt: ROW.signedAt, version: 2, sections: [{ key: 'subjective', text: 'Sleeping better.' }], addenda: [] } };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Supervision page', () => {
  it('lists notes with their age; co-signs the version read', async () => {
    api.listAwaiting.mockResolvedValueOnce({ items: [ROW], nextToken: null }).mockResolvedValue({ items: [], nextToken: null });
    api.getSupervisedNote.mockResolvedValue(NOTE);
    api.cosignNote.mockResolvedValue({ status: 'COSIGNED' });
    render(<SupervisionPage />);
    expect(await screen.findByText('4 days')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio'));
    expect(await screen.findByText('Sleeping better.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Co-sign' }));
    await waitFor(() => expect(api.cosignNote).toHaveBeenCalledWith('note-a1', 2));
    expect(await screen.findByText('Note co-signed.')).toBeTruthy();
  });

  it('returns with the comment typed', async () => {
    api.listAwaiting.mockResolvedValue({ items: [ROW], nextToken: null });
    api.getSupervisedNote.mockResolvedValue(NOTE);
    api.returnNote.mockResolvedValue({ status: 'RETURNED' });
    render(<SupervisionPage />);
    await userEvent.click(await screen.findByRole('radio'));
    await userEvent.click(await screen.findByRole('button', { name: 'Return with comment' }));
    await userEvent.type(screen.getByRole('textbox'), 'Add the risk screen.');
    await userEvent.click(screen.getByRole('button', { name: 'Return to clinician' }));
    await waitFor(() => expect(api.returnNote).toHaveBeenCalledWith('note-a1', 2, 'Add the risk screen.'));
  });

  it("asks for a comment on the field before returning, and shows the server's refusal of one there (not as a system error)", async () => {
    api.listAwaiting.mockResolvedValue({ items: [ROW], nextToken: null });
    api.getSupervisedNote.mockResolvedValue(NOTE);
    api.returnNote.mockRejectedValue(new ApiError('Invalid input: comment (too long)', 'ValidationError', []));
    render(<SupervisionPage />);
    await userEvent.click(await screen.findByRole('radio'));
    await userEvent.click(await screen.findByRole('button', { name: 'Return with comment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Return to clinician' }));
    expect(await screen.findByText('Say what should change before you return the note.')).toBeTruthy();
    expect(api.returnNote).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox'), 'Redo.');
    await userEvent.click(screen.getByRole('button', { name: 'Return to clinician' }));
    expect(await screen.findByText('Invalid input: comment (too long)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to clinician' })).toBeTruthy();
  });
});

describe('the co-signature line on the clinician\'s note', () => {
  it('says awaiting, or who co-signed which version', async () => {
    api.getNoteCosign.mockResolvedValueOnce({ noteId: 'n', version: 2, status: 'AWAITING', cosignature: null, returns: [] });
    render(<NoteCosignLine noteId="n" version={2} />);
    expect(await screen.findByText('Awaiting co-signature')).toBeTruthy();
    cleanup();
    api.getNoteCosign.mockResolvedValueOnce({ noteId: 'n', version: 4, status: 'COSIGNED', cosignature: { supervisorName: 'Sara Stone', at: '2026-11-26T06:00:00.000Z', version: 3 }, returns: [] });
    render(<NoteCosignLine noteId="n" version={4} />);
    expect(await screen.findByText(/Co-signed by Sara Stone on .* \(version 3\)/)).toBeTruthy();
  });
});

describe('the team form\'s Supervisors field', () => {
  it('offers the Supervisor members, shows the current choice and saves a change', async () => {
    const member = (id: string, firstName: string, roles: string[]) => ({ id, firstName, lastName: 'X', email: `${id}@x.test`, grantedRoles: roles });
    teamApi.listAllTeamMembers.mockResolvedValue([member('ben', 'Ben', ['clinicianBasic']), member('sara', 'Sara', ['supervisor']), member('sam', 'Sam', ['supervisor']), member('bill', 'Bill', ['biller'])]);
    api.listSupervisions.mockResolvedValue([{ clinicianId: 'ben', supervisorIds: ['sara'] }]);
    api.setSupervisors.mockResolvedValue({ clinicianId: 'ben', supervisorIds: ['sara', 'sam'] });
    const ref = createRef<SupervisorsFieldHandle>();
    render(<SupervisorsField ref={ref} clinicianId="ben" />);
    expect(await screen.findByText('Sara X')).toBeTruthy();
    await ref.current!.save();
    expect(api.setSupervisors).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('Choose supervisors'));
    expect(screen.queryByText('Bill X')).toBeNull();
    await userEvent.click(await screen.findByText('Sam X'));
    await ref.current!.save();
    expect(api.setSupervisors).toHaveBeenCalledWith('ben', ['sara', 'sam'], 3);
  });

  it('saves "Remind after (days)" with the supervisors; the server\'s refusal of a day count shows under the field and the form stays open', async () => {
    const member = (id: string, firstName: string, roles: string[]) => ({
      id, cognitoId: id, teamOwnerId: 'o', firstName, lastName: 'X', email: `${id}@x.test`, grantedRoles: roles, licenseType: null, licenseNo: null, licenseExpires: null, npiNo: null, specialty: null,
    });
    const ben = member('ben', 'Ben', ['clinicianBasic']);
    teamApi.listAllTeamMembers.mockResolvedValue([ben, member('sara', 'Sara', ['supervisor'])]);
    teamApi.editTeamMember.mockResolvedValue(ben);
    api.listSupervisions.mockResolvedValue([{ clinicianId: 'ben', supervisorIds: ['sara'], reminderDays: 5 }]);
    api.setSupervisors
      .mockRejectedValueOnce({ errors: [{ message: 'Invalid input: reminderDays (a whole number of days from 1 to 30)', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'reminderDays', reason: 'range' }] } }] })
      .mockResolvedValue({ clinicianId: 'ben', supervisorIds: ['sara'], reminderDays: 7 });
    const saved = vi.fn();
    render(<TeamMemberModal member={ben} onDismiss={() => undefined} onSaved={saved} />);
    const days = await screen.findByLabelText<HTMLInputElement>('Remind after (days)');
    expect(days.value).toBe('5');
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 30.')).toBeTruthy();
    expect(api.setSupervisors).toHaveBeenCalledWith('ben', ['sara'], 45);
    expect(saved).not.toHaveBeenCalled();
    expect(screen.queryByText(/reminderDays/)).toBeNull();

    await userEvent.clear(days);
    await userEvent.type(days, '7');
    expect(screen.queryByText('Enter a whole number of days from 1 to 30.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(ben));
    expect(api.setSupervisors).toHaveBeenLastCalledWith('ben', ['sara'], 7);
  });
});
