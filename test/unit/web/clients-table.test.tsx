// @vitest-environment jsdom
/** The clients list: server pages through nextToken, filter and server search, remove with confirmation, role courtesy. */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { ADA, makeClient } from './clients-fixtures';

const clientsApi = vi.hoisted(() => ({ getClients: vi.fn(), getClient: vi.fn(), addClient: vi.fn(), editClient: vi.fn(), removeClient: vi.fn() }));
vi.mock('../../../web/src/clients/api', async (original) => ({ ...(await original<object>()), ...clientsApi }));
const viewer = vi.hoisted(() => ({ roles: ['owner'] as string[] }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { email: 'owner@demo.test', roles: viewer.roles, groups: [] }, viewer: { roles: viewer.roles, groups: [], plan: 'professional' } }),
}));
vi.mock('../../../web/src/auth/AuthContext', () => ({ useAuth: () => ({ user: { email: 'owner@demo.test' } }) }));

import ClientsPage from '../../../web/src/clients/ClientsPage';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';

const PAGE_ONE = Array.from({ length: 20 }, (_, i) => makeClient(i + 1));
const PAGE_TWO = [makeClient(21), makeClient(22)];

function renderPage(state: unknown = null) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/app/clients', state }]}>
      <BannerProvider>
        <BannerFlashbar />
        <ClientsPage />
      </BannerProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable()!;
const names = () => table().findRows().map((row) => row.findAll('th, td')[1]?.getElement().textContent);

beforeEach(() => {
  viewer.roles = ['owner'];
  clientsApi.getClients.mockImplementation(async (search: string | null, nextToken: string | null) => {
    if (search) return { items: [ADA].filter((c) => `${c.personalDetail.first} ${c.personalDetail.last}`.toLowerCase().startsWith(search.toLowerCase())), nextToken: null };
    return nextToken === 't1' ? { items: PAGE_TWO, nextToken: null } : { items: PAGE_ONE, nextToken: 't1' };
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('clients list', () => {
  it('shows the first page of 20 by "first last", with the signed-in line', async () => {
    renderPage();
    await screen.findByText('Client001 Test');
    expect(table().findRows()).toHaveLength(20);
    expect(screen.getByText('Signed in as owner@demo.test')).toBeTruthy();
    expect(clientsApi.getClients).toHaveBeenCalledWith(null, null, 'active');
  });

  it("loads the next server page with the server's nextToken", async () => {
    renderPage();
    await screen.findByText('Client001 Test');
    wrapper().findPagination()!.findNextPageButton().click();
    await screen.findByText('Client021 Test');
    expect(clientsApi.getClients).toHaveBeenCalledWith(null, 't1', 'active');
    expect(names()).toEqual(['Client021 Test', 'Client022 Test']);
    // Everything is loaded now: no further page to open.
    expect(wrapper().findPagination()!.findNextPageButton().getElement().getAttribute('aria-disabled')).toBe('true');
  });

  it('filters what is loaded at once, and asks the server to search from two characters', async () => {
    const user = renderPage();
    await screen.findByText('Client001 Test');
    const filter = screen.getByLabelText('Find clients');
    await user.click(filter);
    await user.paste('client00');
    expect(names()).toHaveLength(9);
    await user.clear(filter);
    await user.type(filter, 'ada');
    await screen.findByText('Ada Lovelace');
    expect(clientsApi.getClients).toHaveBeenCalledWith('ada', null, 'active');
    expect(names()).toEqual(['Ada Lovelace']);
  }, 15_000);

  it('shows an empty state when there are no clients', async () => {
    clientsApi.getClients.mockResolvedValue({ items: [], nextToken: null });
    renderPage();
    await screen.findByText('No clients');
  });

  it('removes a client only after the confirmation, which says what archiving means', async () => {
    clientsApi.getClients.mockResolvedValue({ items: [ADA, makeClient(1)], nextToken: null });
    clientsApi.removeClient.mockResolvedValue({ id: ADA.id, message: 'Client archived', status: 'archived' });
    const user = renderPage();
    await screen.findByText('Ada Lovelace');
    table().findRowSelectionArea(1)!.click();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ada Lovelace?' });
    expect(within(dialog).getByText(/archives the client/)).toBeTruthy();
    expect(clientsApi.removeClient).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Ada Lovelace', { selector: 'a' })).toBeNull());
    expect(clientsApi.removeClient).toHaveBeenCalledWith(ADA.id);
    expect(names()).toEqual(['Client001 Test']);
    await screen.findByText('Ada Lovelace was removed.');
  });

  it("shows the spec's error banner when the server refuses the removal", async () => {
    clientsApi.getClients.mockResolvedValue({ items: [ADA], nextToken: null });
    clientsApi.removeClient.mockRejectedValue({ errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access removeClient on type Mutation' }] });
    const user = renderPage();
    await screen.findByText('Ada Lovelace');
    table().findRowSelectionArea(1)!.click();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Ada Lovelace?' })).getByRole('button', { name: 'Remove' }));
    await screen.findByText(MESSAGES.systemError.trim());
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    await screen.findByText('Not Authorized to access removeClient on type Mutation');
  });

  it('hides Remove from roles that cannot archive clients', async () => {
    viewer.roles = ['clinicianBasic'];
    renderPage();
    await screen.findByText('Client001 Test');
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add client' })).toBeTruthy();
  });

  it("opens the add form when the top bar's Add sends the viewer here", async () => {
    renderPage({ addClient: true });
    await screen.findByRole('dialog', { name: 'Add client' }, { timeout: 5000 });
  });
});
