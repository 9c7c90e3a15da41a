// @vitest-environment jsdom
/** The add/edit client form: the browser's checks (domain/client.ts), the server's field problems, and a stale edit. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { ADA } from './clients-fixtures';

const clientsApi = vi.hoisted(() => ({ getClients: vi.fn(), getClient: vi.fn(), addClient: vi.fn(), editClient: vi.fn(), removeClient: vi.fn() }));
vi.mock('../../../web/src/clients/api', async (original) => ({ ...(await original<object>()), ...clientsApi }));

import type { Client } from '../../../web/src/clients/api';
import { CLIENT_MESSAGE_KEYS } from '../../../web/src/clients/client-fields';
import { ENGLISH_TRANSLATOR } from '../../../web/src/i18n/translator';
import { ClientFormModal } from '../../../web/src/clients/ClientFormModal';

function renderForm(client: Client | null = null) {
  const onSaved = vi.fn();
  render(<ClientFormModal client={client} onDismiss={() => {}} onSaved={onSaved} />);
  return { user: userEvent.setup(), onSaved };
}

/** Click and paste: one change per field rather than one per keystroke. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('client form', () => {
  it('shows what is missing or malformed under the fields and sends nothing', async () => {
    const { user } = renderForm();
    await fill(user, 'Phone', '12');
    await fill(user, 'E-mail', 'not-an-email');
    await fill(user, 'Date of birth', '02/30/1990');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await screen.findByText(MESSAGES.firstNameRequired);
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidPhone)).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText('Enter a real date of birth as MM/DD/YYYY')).toBeTruthy();
    expect(clientsApi.addClient).not.toHaveBeenCalled();
  });

  it('sends a valid client and reports it saved', async () => {
    clientsApi.addClient.mockImplementation(async () => ADA);
    const { user, onSaved } = renderForm();
    await fill(user, 'First name', 'Ada');
    await fill(user, 'Last name', 'Lovelace');
    await fill(user, 'Date of birth', '12/10/1985');
    await fill(user, 'Phone', '(555) 010-0100');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(ADA));
    expect(clientsApi.addClient.mock.calls[0][0]).toMatchObject({ personalDetail: { first: 'Ada', last: 'Lovelace' }, dateOfBirth: '12/10/1985', contact: { phone: '(555) 010-0100' } });
  });

  it("puts the server's field problems under the fields", async () => {
    clientsApi.addClient.mockRejectedValue({
      errors: [{ errorType: 'ValidationError', message: 'Invalid client input: address.zip (format)', errorInfo: { fields: [{ field: 'address.zip', reason: 'format' }] } }],
    });
    const { user, onSaved } = renderForm();
    await fill(user, 'First name', 'Ada');
    await fill(user, 'Last name', 'Lovelace');
    await fill(user, 'Date of birth', '12/10/1985');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await screen.findByText('Enter a zip code that matches the state');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('on a stale edit, says someone else changed the client and loads their version', async () => {
    const theirs: Client = { ...ADA, version: 2, personalDetail: { ...ADA.personalDetail, nickname: 'Countess' } };
    clientsApi.editClient.mockRejectedValueOnce({ errors: [{ errorType: 'ConflictError', message: 'The client was changed by someone else. Reload it and try again.' }] });
    clientsApi.getClient.mockResolvedValue(theirs);
    const { user, onSaved } = renderForm(ADA);
    await fill(user, 'Middle name', 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(ENGLISH_TRANSLATOR.t(CLIENT_MESSAGE_KEYS.conflict));
    expect(clientsApi.editClient).toHaveBeenCalledWith(ADA.id, 1, expect.objectContaining({ personalDetail: expect.objectContaining({ middle: 'King' }) }));
    expect(screen.getByLabelText<HTMLInputElement>('Nickname').value).toBe('Countess');

    clientsApi.editClient.mockResolvedValueOnce({ ...theirs, version: 3 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(clientsApi.editClient).toHaveBeenLastCalledWith(ADA.id, 2, expect.anything());
  });
});
