// @vitest-environment jsdom
/**
 * Signing a consent in the client portal (session 9 walk): an empty submit says what is missing under
 * each field in the client's language — no field ids, nothing sent; the API's refusal of a name that
 * is not the client's own shows under the name, translated; the right name and "I agree" sign.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import type { Locale } from '../../../web/src/i18n/locales';
import { renderPortalPage } from '../../support/portal-page';

const api = vi.hoisted(() => ({ clientDocuments: vi.fn(), submitIntakeForm: vi.fn(), signConsentDocument: vi.fn() }));
vi.mock('../../../web/src/client-portal/documents/api', () => api);

import DocumentsPage from '../../../web/src/client-portal/documents/DocumentsPage';
import { DOCUMENTS_PAGE_ENGLISH } from '../../../web/src/client-portal/documents/texts';

const DOC = {
  practiceId: 'p1', practiceName: 'Owens Family Therapy', kind: 'CONSENT', id: 'telehealth', title: 'Telehealth consent', status: 'TO_SIGN',
  version: 1, details: 'I agree to sessions by video.', signedAt: null, typedName: null, submittedAt: null, note: null, form: null,
};
const mismatch = {
  errors: [{ message: MESSAGES.signNameMismatch, errorType: 'ValidationError', errorInfo: { fields: [{ field: 'typedName', reason: 'mismatch', message: MESSAGES.signNameMismatch }] } }],
};

async function renderIn(locale: Locale) {
  api.clientDocuments.mockResolvedValue([DOC]);
  const view = await renderPortalPage(locale, <DocumentsPage />);
  await screen.findByRole('form');
  return { ...view, user: userEvent.setup() };
}

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('signing a consent in the portal', () => {
  it('the English field messages are the API\'s words', () => {
    expect(DOCUMENTS_PAGE_ENGLISH['clientPortal.documents.signature.nameRequired']).toBe(MESSAGES.signNameRequired);
    expect(DOCUMENTS_PAGE_ENGLISH['clientPortal.documents.signature.agreeRequired']).toBe(MESSAGES.signAgreeRequired);
    expect(DOCUMENTS_PAGE_ENGLISH['clientPortal.documents.signature.nameMismatch']).toBe(MESSAGES.signNameMismatch);
  });

  it('an empty submit: a message under each field, no field ids, nothing sent; the right name signs', async () => {
    const { container, user } = await renderIn('en');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect((await screen.findByText('Type your full name to sign.')).id).toBe(screen.getByRole('textbox', { name: 'Your full name' }).getAttribute('aria-describedby')?.split(' ').pop());
    expect(screen.getByText('Tick "I agree" to sign.')).toBeTruthy();
    expect(container.textContent).not.toMatch(/typedName|agreed|required\)/);
    expect(api.signConsentDocument).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Your full name' }), 'Taylor Brooks');
    expect(screen.queryByText('Type your full name to sign.')).toBeNull();
    api.signConsentDocument.mockResolvedValue({ ...DOC, status: 'SIGNED', typedName: 'Taylor Brooks', signedAt: '2026-11-26T18:00:00.000Z' });
    await user.click(screen.getByRole('checkbox', { name: 'I have read this document and I agree to it.' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByText(/^Signed "Taylor Brooks" on /);
    expect(api.signConsentDocument).toHaveBeenCalledWith(expect.objectContaining({ id: 'telehealth', version: 1 }), 'Taylor Brooks', true);
  });

  it('es: the empty submit and a name that is not the client\'s own are refused in Spanish, under the name', async () => {
    const { container, user } = await renderIn('es');
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await screen.findByText('Escriba su nombre completo para firmar.');
    expect(screen.getByText('Marque la casilla de acuerdo para firmar.')).toBeTruthy();
    expect(api.signConsentDocument).not.toHaveBeenCalled();

    api.signConsentDocument.mockRejectedValue(mismatch);
    await user.type(screen.getByRole('textbox', { name: 'Su nombre completo' }), 'Someone Else');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await screen.findByText(/^Escriba su propio nombre completo tal como lo tiene registrado su consulta\./);
    expect(container.textContent).not.toContain(MESSAGES.signNameMismatch);
    expect(screen.getByRole('textbox', { name: 'Su nombre completo' }).getAttribute('aria-invalid')).toBe('true');
  });
});
