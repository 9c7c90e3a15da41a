// @vitest-environment jsdom
/** The client detail page: details shown, and a missing (or other practice's) id reads as not found. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA } from './clients-fixtures';

const clientsApi = vi.hoisted(() => ({ getClients: vi.fn(), getClient: vi.fn(), addClient: vi.fn(), editClient: vi.fn(), removeClient: vi.fn() }));
vi.mock('../../../web/src/clients/api', async (original) => ({ ...(await original<object>()), ...clientsApi }));
const who = vi.hoisted(() => ({ roles: ['owner'] }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { email: 'x@demo.test', roles: who.roles, groups: [] }, viewer: { roles: who.roles, groups: [], plan: 'professional' } }),
}));

import ClientDetailPage from '../../../web/src/clients/ClientDetailPage';

function renderAt(id: string) {
  render(
    <MemoryRouter initialEntries={[`/app/clients/${id}`]}>
      <Routes>
        <Route path="/app/clients/:id" element={<ClientDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  who.roles = ['owner'];
});

describe('client detail', () => {
  it("shows the client's details with Edit, Remove and the way back", async () => {
    clientsApi.getClient.mockResolvedValue(ADA);
    renderAt(ADA.id);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(clientsApi.getClient).toHaveBeenCalledWith(ADA.id);
    // The chart opens on its Details tab (loaded with the tab); every domain's tab is offered to the owner.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Appointments and notes', 'Messages', 'Documents', 'Measures', 'App entries', 'Billing', 'Insurance']);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');

    // An en-US practice reads MM/DD/YYYY and (555) 010-0100 (issue 19).
    expect(await screen.findByText('01/02/1990')).toBeTruthy();
    expect(screen.getByText('(555) 010-0100')).toBeTruthy();
    expect(screen.getByText('ada@example.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to clients' }).getAttribute('href')).toBe('/app/clients');
  });

  it("gives a scheduler the client's Billing tab (client billing without claims, spec §6) but not Insurance or Measures", async () => {
    who.roles = ['scheduler'];
    clientsApi.getClient.mockResolvedValue(ADA);
    renderAt(ADA.id);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Appointments and notes', 'Documents', 'Billing']);
  });

  it('says the client was not found for an id the API does not return', async () => {
    clientsApi.getClient.mockResolvedValue(null);
    renderAt('c-other-practice');
    await screen.findByText('The client was not found');
    expect(screen.getByRole('link', { name: 'Back to clients' })).toBeTruthy();
  });
});
