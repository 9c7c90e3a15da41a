// @vitest-environment jsdom
/** Team Members: the list with role names, add (validation, server field problems), edit roles, remove with confirmation; the owner row stays. */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';

const teamApi = vi.hoisted(() => ({ listAllTeamMembers: vi.fn(), addTeamMember: vi.fn(), editTeamMember: vi.fn(), removeTeamMember: vi.fn() }));
vi.mock('../../../web/src/team/api', () => teamApi);
const viewer = vi.hoisted(() => ({ roles: ['owner'] as string[] }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { email: 'o@demo.test', roles: viewer.roles, groups: [] }, viewer: { roles: viewer.roles, groups: [], plan: 'professional' } }),
}));

import TeamMembersPage from '../../../web/src/team/TeamMembersPage';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';
import type { TeamMember } from '../../../web/src/team/api';

const member = (id: string, first: string, roles: string[]): TeamMember => ({
  id, cognitoId: id, teamOwnerId: 'owner-sub', firstName: first, lastName: 'Test', email: `${first.toLowerCase()}@example.test`, grantedRoles: roles,
  licenseType: null, licenseNo: null, licenseExpires: null, npiNo: null, specialty: null,
});
const OWNER = member('owner-sub', 'Olive', ['owner']);
const BASIC = member('m-1', 'Basil', ['clinicianBasic', 'supervisor']);

function renderPage() {
  render(
    <MemoryRouter>
      <BannerProvider>
        <BannerFlashbar />
        <TeamMembersPage />
      </BannerProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, text: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(text);
}

async function chooseRole(dialog: HTMLElement, label: string) {
  const multiselect = createWrapper(dialog).findMultiselect()!;
  multiselect.openDropdown();
  multiselect.selectOptionByValue(label === 'Biller' ? 'biller' : label);
}

beforeEach(() => {
  viewer.roles = ['owner'];
  teamApi.listAllTeamMembers.mockResolvedValue([OWNER, BASIC]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('team members page', () => {
  it('lists members with their roles by name; the owner row has no remove', async () => {
    renderPage();
    await screen.findByText('Basil Test');
    expect(within(rowOf('Basil Test')).getByText('Clinician Basic, Supervisor')).toBeTruthy();
    expect(within(rowOf('Olive Test')).getByText('Owner')).toBeTruthy();
    expect(within(rowOf('Olive Test')).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(rowOf('Basil Test')).getByRole('button', { name: 'Remove Basil Test' })).toBeTruthy();
  });

  it("says Coordinator in the coordinator's role cell (a group, no team role; issue 19)", async () => {
    teamApi.listAllTeamMembers.mockResolvedValue([OWNER, { ...BASIC, id: 'm-cora', firstName: 'Cora', lastName: 'Cole', grantedRoles: [] }]);
    renderPage();
    await screen.findByText('Cora Cole');
    expect(within(rowOf('Cora Cole')).getByText('Coordinator')).toBeTruthy();
  });

  it('checks the add form in the browser and sends nothing invalid', async () => {
    const user = renderPage();
    await screen.findByText('Basil Test');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, dialog, 'NPI', '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await within(dialog).findByText(MESSAGES.firstNameRequired);
    expect(within(dialog).getByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one role')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid 10-digit NPI')).toBeTruthy();
    expect(teamApi.addTeamMember).not.toHaveBeenCalled();
  });

  it('adds a biller and shows the server field problems under the fields', async () => {
    teamApi.addTeamMember.mockRejectedValueOnce({ errors: [{ message: 'Invalid', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'memberDetail.email', reason: 'format' }] } }] });
    const added = member('m-2', 'Bill', ['biller']);
    teamApi.addTeamMember.mockResolvedValueOnce(added);
    const user = renderPage();
    await screen.findByText('Basil Test');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, dialog, 'First name', 'Bill');
    await fill(user, dialog, 'Last name', 'Test');
    await fill(user, dialog, 'E-mail', 'bill@example.test');
    // The license expiry is typed as the practice writes dates (MM/DD/YYYY) and sent as YYYY-MM-DD.
    await fill(user, dialog, 'License expires', '03/31/2027');
    await chooseRole(dialog, 'Biller');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await within(dialog).findByText(MESSAGES.invalidEmail);
    expect(teamApi.addTeamMember).toHaveBeenCalledWith({ firstName: 'Bill', lastName: 'Test', email: 'bill@example.test' }, ['biller'], expect.objectContaining({ npiNo: null, licenseExpires: '2027-03-31' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await screen.findByText('Bill Test was added. An invitation was sent to their e-mail.');
    expect(within(rowOf('Bill Test')).getByText('Biller')).toBeTruthy();
  });

  it('edits roles', async () => {
    teamApi.editTeamMember.mockResolvedValue({ ...BASIC, grantedRoles: ['clinicianBasic', 'supervisor', 'scheduler'] });
    const user = renderPage();
    await screen.findByText('Basil Test');
    await user.click(screen.getByRole('button', { name: 'Edit roles of Basil Test' }));
    const dialog = await screen.findByRole('dialog');
    await chooseRole(dialog, 'scheduler');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Basil Test was saved.');
    expect(teamApi.editTeamMember.mock.calls[0][0]).toBe('m-1');
    expect(teamApi.editTeamMember.mock.calls[0][2]).toEqual(['clinicianBasic', 'supervisor', 'scheduler']);
    expect(within(rowOf('Basil Test')).getByText('Clinician Basic, Supervisor, Scheduler')).toBeTruthy();
  });

  it('removes a member only after confirmation', async () => {
    teamApi.removeTeamMember.mockResolvedValue({ id: 'm-1', message: 'removed', status: 'ok' });
    const user = renderPage();
    await screen.findByText('Basil Test');
    await user.click(screen.getByRole('button', { name: 'Remove Basil Test' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Basil Test?')).toBeTruthy();
    expect(teamApi.removeTeamMember).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Basil Test was removed.');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Basil Test/ })).toBeNull());
    expect(teamApi.removeTeamMember).toHaveBeenCalledWith('m-1');
  });

  it('hides the management buttons from members without the right', async () => {
    viewer.roles = ['biller'];
    renderPage();
    await screen.findByText('Basil Test');
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
