// @vitest-environment jsdom
/**
 * The intake form in the client's language (issue 12, session 8): the portal's Documents page renders
 * the adult intake in Spanish and in Chinese — title, sections, questions, options and help in that
 * language, not one English text of the form left — and a refusal of the answers in that language,
 * naming the questions by their translated labels. The answers still go out keyed by field key and
 * option value. English shows the library's English.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { templateByName } from '../../../domain/documents/intake-templates';
import { intakeTextEntries } from '../../../web/src/client-portal/documents/intake-text-keys';
import type { Locale } from '../../../web/src/i18n/locales';
import { renderPortalPage } from '../../support/portal-page';

const api = vi.hoisted(() => ({ clientDocuments: vi.fn(), submitIntakeForm: vi.fn(), signConsentDocument: vi.fn() }));
vi.mock('../../../web/src/client-portal/documents/api', () => api);

import DocumentsPage from '../../../web/src/client-portal/documents/DocumentsPage';

const adult = templateByName('adult-intake')!;
const FORM = {
  formName: adult.formName,
  title: adult.title,
  description: adult.description,
  sections: adult.sections.map((s) => ({
    title: s.title,
    fields: s.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, help: f.help ?? null, options: f.options ?? null })),
  })),
};
const DOC = {
  practiceId: 'p1', practiceName: 'Owens Family Therapy', kind: 'INTAKE_FORM', id: 'adult-intake', title: adult.title, status: 'TO_FILL',
  version: null, details: null, signedAt: null, typedName: null, submittedAt: null, note: null, form: FORM,
};

async function renderIn(locale: Locale) {
  api.clientDocuments.mockResolvedValue([DOC]);
  const view = await renderPortalPage(locale, <DocumentsPage />);
  await screen.findByRole('form');
  return view;
}

/** Every English text of the adult intake that the page would show (all of them are). */
const englishTexts = intakeTextEntries(adult).map(([, english]) => english);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the adult intake in the portal language', () => {
  it('es: the questions, sections, options and help are Spanish; no English text of the form is left', async () => {
    const { container } = await renderIn('es');
    expect(screen.getByRole('heading', { name: 'Admisión de adultos' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Sobre usted' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nombre (campo obligatorio)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Fecha de nacimiento (MM/DD/AAAA) (campo obligatorio)' })).toBeTruthy();
    const sleep = screen.getByRole('group', { name: '¿Cómo describiría su sueño?' });
    expect(within(sleep).getAllByRole('radio').map((r) => r.parentElement?.textContent?.trim())).toEqual(['Bueno', 'Regular', 'Malo']);
    expect(screen.getByText(/^Este formulario no se revisa las 24 horas/)).toBeTruthy();
    const text = container.textContent ?? '';
    expect(englishTexts.filter((english) => text.includes(english))).toEqual([]);
  });

  it('zh: the same form in Chinese, no English text of the form left', async () => {
    const { container } = await renderIn('zh');
    expect(screen.getByRole('heading', { name: '成人初诊表' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '紧急联系人' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '名 (必填)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '您希望在哪些方面得到帮助？ (必填)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '性别' })).toBeTruthy();
    const text = container.textContent ?? '';
    expect(englishTexts.filter((english) => text.includes(english))).toEqual([]);
  });

  it('es: answers go out by field key and option value; a refusal is Spanish and names the questions as the client reads them', async () => {
    await renderIn('es');
    api.submitIntakeForm.mockRejectedValue({
      data: null,
      errors: [{
        message: `${MESSAGES.intakeAnswerRequired} (Invalid intake answers: answers.lastName (required), answers.emergencyName (required))`,
        errorType: 'ValidationError',
        errorInfo: { fields: [{ field: 'answers.lastName', reason: 'required' }, { field: 'answers.emergencyName', reason: 'required' }] },
      }],
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Nombre (campo obligatorio)' }), 'Lucía');
    await user.click(within(screen.getByRole('group', { name: '¿Cómo describiría su sueño?' })).getByRole('radio', { name: 'Regular' }));
    await user.click(screen.getByRole('button', { name: 'Enviar a mi consulta' }));
    expect(api.submitIntakeForm).toHaveBeenCalledTimes(1);
    expect(api.submitIntakeForm.mock.calls[0][0]).toMatchObject({ practiceId: 'p1', id: 'adult-intake' });
    expect(api.submitIntakeForm.mock.calls[0][1]).toEqual({ firstName: 'Lucía', sleep: 'fair' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Responda a todas las preguntas obligatorias antes de enviar el formulario. Revise: Apellidos · Nombre completo.',
    );
  });

  it('en: the library English, as before', async () => {
    await renderIn('en');
    expect(screen.getByRole('heading', { name: 'Adult intake' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name (required)' })).toBeTruthy();
  });
});
