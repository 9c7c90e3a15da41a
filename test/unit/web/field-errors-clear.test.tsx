// @vitest-environment jsdom
/** Issue 19: a field's error goes as soon as the field is corrected (client form, appointment form model). */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';

const clientsApi = vi.hoisted(() => ({ getClients: vi.fn(), getClient: vi.fn(), addClient: vi.fn(), editClient: vi.fn(), removeClient: vi.fn() }));
vi.mock('../../../web/src/clients/api', async (original) => ({ ...(await original<object>()), ...clientsApi }));

import { emptyForm, errorsAfterChange, validateForm } from '../../../web/src/appointments/form';
import { APPOINTMENT_MESSAGES } from '../../../web/src/appointments/messages';
import { ClientFormModal } from '../../../web/src/clients/ClientFormModal';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function errorsOf(values: ReturnType<typeof emptyForm>) {
  const errors: Record<string, string> = {};
  for (const p of validateForm(values, { withRecurrence: true })) errors[p.field] ??= p.message;
  return errors;
}

describe('appointment form errors', () => {
  it('drops "Choose a client." once a client is chosen, and keeps the other fields\' errors', () => {
    const before = emptyForm('2026-03-09');
    const errors = errorsOf(before);
    expect(errors).toMatchObject({ clientId: APPOINTMENT_MESSAGES.clientRequired, serviceCode: APPOINTMENT_MESSAGES.serviceRequired });
    const after = { ...before, clientId: 'c-1', clientLabel: 'Ada Lovelace' };
    expect(errorsAfterChange(errors, ['clientId', 'clientLabel'], after, { withRecurrence: true })).toEqual({ serviceCode: APPOINTMENT_MESSAGES.serviceRequired });
  });

  it('replaces an error by what is still wrong with the field, and adds none to an untouched field', () => {
    const before = { ...emptyForm('2026-03-09'), clientId: 'c', serviceCode: '90834', repeat: 'WEEKLY' as const, count: '0' };
    const errors = errorsOf(before);
    expect(errors).toEqual({ 'recurrence.count': APPOINTMENT_MESSAGES.countRange });
    const tooMany = { ...before, count: '60' };
    expect(errorsAfterChange(errors, ['count'], tooMany, { withRecurrence: true })).toEqual({ 'recurrence.count': APPOINTMENT_MESSAGES.tooManyOccurrences });
    expect(errorsAfterChange({}, ['clientId'], { ...before, clientId: '' }, { withRecurrence: true })).toEqual({});
  });
});

// The errors under the fields, not Cloudscape's live-region copy of them (announced after a delay).
const shown = { ignore: 'script, style, [aria-live]' };

describe('client form errors', () => {
  it('clears "First Name is required" when a first name is typed, leaving the last name\'s', async () => {
    render(<ClientFormModal client={null} onDismiss={() => {}} onSaved={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await screen.findByText(MESSAGES.firstNameRequired, shown);
    await user.click(screen.getByLabelText('First name'));
    await user.paste('Ada');
    await waitFor(() => expect(screen.queryByText(MESSAGES.firstNameRequired, shown)).toBeNull());
    expect(screen.getByText(MESSAGES.lastNameRequired, shown)).toBeTruthy();
    expect(clientsApi.addClient).not.toHaveBeenCalled();
  });
});
