// @vitest-environment jsdom
/**
 * Groups (/app/groups), the EMDR hand-off (/app/emdr) and an app page's hide flags, issue 14, with the real page, form and api
 * modules over a stand-in GraphQL call: the groups list and a group's overview; editing is offered
 * only where the server says canEdit; a coordinator is told they can only remove members (no client
 * search) and the server's refusal stays in the form; EMDR replaces the window with the hand-off's
 * address (the code in the fragment) or says it could not open; the flags panel reads the app's
 * flags by its app-list key and saves all three.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Call = (query: string, variables: Record<string, unknown>, pick: (d: Record<string, unknown>) => unknown) => Promise<unknown>;
interface Stand { answers: Record<string, unknown>; calls: { query: string; variables: Record<string, unknown> }[] }
const api = vi.hoisted((): Stand => ({ answers: {}, calls: [] }));
vi.mock('../../../web/src/settings/graphql', async () => {
  const real: typeof import('../../../web/src/settings/graphql') = await vi.importActual('../../../web/src/settings/graphql');
  const call: Call = async (query, variables, pick) => {
    api.calls.push({ query, variables });
    const field = /\{\s*(\w+)/.exec(query.slice(query.indexOf('{')))![1];
    const answer = api.answers[field];
    if (answer instanceof Error) throw answer;
    return pick(api.answers);
  };
  return { ...real, call };
});
const viewer = vi.hoisted(() => ({ roles: ['owner'] as string[], groups: [] as string[] }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { email: 'o@demo.test', roles: viewer.roles, groups: viewer.groups }, viewer: { roles: viewer.roles, groups: viewer.groups, plan: 'professional' } }),
}));

import { ApiError } from '../../../web/src/settings/graphql';
import GroupsPage from '../../../web/src/groups/GroupsPage';
import EmdrPage from '../../../web/src/emdr/EmdrPage';
import { AppFlagsPanel } from '../../../web/src/companion/AppFlagsPanel';

const SKILLS = {
  id: 'g1', name: 'Tuesday DBT skills', kind: 'SKILLS', description: null, facilitators: [{ id: 'u1', name: 'Dana Coordinator' }],
  members: [{ id: 'c1', name: 'Avery Lane' }, { id: 'c2', name: 'Taylor Brooks' }], meets: { frequency: 'WEEKLY', startDate: '2026-09-01', endDate: null, time: '18:00', minutes: 90 },
  nextMeeting: '2026-12-01', canEdit: true,
};
const SUPPORT = { ...SKILLS, id: 'g2', name: 'Family support', kind: 'SUPPORT', members: [], meets: null, nextMeeting: null, canEdit: false };

beforeEach(() => {
  api.calls = [];
  api.answers = {
    listGroups: { items: [SKILLS, SUPPORT], facilitatorOptions: [{ id: 'u1', name: 'Dana Coordinator' }] },
    getGroupOverview: { members: [{ clientId: 'c1', name: 'Avery Lane', apps: ['DBT_COACH'], lastEntryDate: '2026-11-25', lastHighUrgeDate: '2026-11-20', entryCount: 88, homeworkDone: 3, homeworkOverdue: 1, homeworkAssigned: 2 }] },
  };
  viewer.roles = ['owner'];
  viewer.groups = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGroups = () => {
  render(<MemoryRouter><GroupsPage /></MemoryRouter>);
  return userEvent.setup();
};

describe('Groups page', () => {
  it("lists the groups with facilitators and next meeting; a group's overview shows each member's entries and homework", async () => {
    const user = renderGroups();
    const row = (await screen.findByText('Tuesday DBT skills')).closest('tr')!;
    expect(within(row).getByText('Dana Coordinator')).toBeTruthy();
    expect(within(row).getByText('Every week at 18:00 (90 min)')).toBeTruthy();
    expect(within(row).getByText('2026-12-01')).toBeTruthy();
    await user.click(within(row).getByRole('radio'));
    expect(await screen.findByText('3 done, 2 open, 1 overdue')).toBeTruthy();
    expect(screen.getByText('Tuesday DBT skills: entries and homework')).toBeTruthy();
    expect(screen.getByText('88')).toBeTruthy();
    expect(api.calls.find((c) => c.query.includes('getGroupOverview'))?.variables).toEqual({ g: 'g1' });
    expect(screen.getByRole('button', { name: 'Edit group' })).toBeTruthy();
  });

  it('offers no editing of a group the server says the caller may not edit', async () => {
    api.answers.getGroupOverview = { members: [] };
    const user = renderGroups();
    const row = (await screen.findByText('Family support')).closest('tr')!;
    await user.click(within(row).getByRole('radio'));
    await screen.findByText('This group has no members.');
    expect(screen.queryByRole('button', { name: 'Edit group' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Assign homework' })).toBeTruthy();
  });

  it("a coordinator edits without a client search; the server's refusal stays in the form and nothing closes", async () => {
    viewer.roles = [];
    viewer.groups = ['coordinators'];
    api.answers.editGroup = new ApiError('A coordinator cannot add members; ask a clinician.', 'ValidationError', [{ field: 'members', reason: 'unknown' }]);
    const user = renderGroups();
    await user.click(within((await screen.findByText('Tuesday DBT skills')).closest('tr')!).getByRole('radio'));
    await user.click(await screen.findByRole('button', { name: 'Edit group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You can remove members; a clinician adds new ones.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A coordinator cannot add members; ask a clinician.')).toBeTruthy();
    const sent = api.calls.find((c) => c.query.includes('editGroup'))!.variables;
    expect(sent).toEqual({ g: 'g1', i: { name: 'Tuesday DBT skills', kind: 'SKILLS', description: null, facilitators: ['u1'], members: ['c1', 'c2'], meets: { frequency: 'WEEKLY', startDate: '2026-09-01', endDate: null, time: '18:00', minutes: 90 } } });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('EMDR hand-off page', () => {
  it('asks for a hand-off and replaces the window with its address: the code in the fragment, no token or e-mail', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    api.answers.createEmdrHandoff = { url: 'https://emdr.example.test/start#handoff=abc123', expiresAt: '2026-11-26T12:01:00.000Z' };
    render(<EmdrPage />);
    expect(screen.getByText('Opening EMDR in a new window…')).toBeTruthy();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('https://emdr.example.test/start#handoff=abc123'));
    expect(api.calls.map((c) => c.variables)).toEqual([{}]);
  });

  it('says EMDR could not be opened when the hand-off is refused, and goes nowhere', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    api.answers.createEmdrHandoff = new ApiError('Unauthorized', 'Unauthorized', []);
    render(<EmdrPage />);
    expect(await screen.findByText('EMDR could not be opened. Try again in a moment.')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('app page: the hide flags panel', () => {
  it("shows DBT Daily's flags (the DBT key) and saves all three", async () => {
    api.answers.getHideCommunitiesForApps = [{ app: 'CBT', hide: true }, { app: 'DBT', hide: false }];
    api.answers.getHideHealthNutritionForApps = [{ app: 'DBT', food: true, physicalActivity: false }];
    api.answers.setAppHideFlags = { app: 'DBT', hideCommunities: true, food: true, physicalActivity: false };
    render(<AppFlagsPanel app="DBT_DAILY" />);
    const user = userEvent.setup();
    const food = await screen.findByRole('checkbox', { name: 'Hide food logging' });
    expect(food).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Hide communities' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: 'Hide communities' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.calls.find((c) => c.query.includes('setAppHideFlags'))?.variables).toEqual({ input: { app: 'DBT', hideCommunities: true, food: true, physicalActivity: false } });
  });
});
