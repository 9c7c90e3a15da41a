/**
 * The intake forms in the client's language (issue 12, session 8): every text of every library form
 * (title, description, section titles, field labels, help texts, option labels) has a translation in
 * zh, es, fr, it and ar (web/src/client-portal/documents/intake-texts/<lang>.json), none empty, none
 * left over from a text the library no longer has, and no long text merely copied from the English.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTAKE_TEMPLATES, templateByName } from '../../../domain/documents/intake-templates';
import { MESSAGES } from '../../../domain/messages';
import { DOCUMENTS_PAGE_ENGLISH } from '../../../web/src/client-portal/documents/texts';
import { intakeTextEntries, localizeIntakeForm, type IntakeTexts } from '../../../web/src/client-portal/documents/intake-text-keys';

const LANGS = ['zh', 'es', 'fr', 'it', 'ar'] as const;
const texts = (lang: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../web/src/client-portal/documents/intake-texts/${lang}.json`, import.meta.url)), 'utf8')) as IntakeTexts;
/** Longer than this, a text identical to its English was copied, not translated ("Communication" may stay). */
const COPY_GUARD = 15;

describe('intake form texts in five languages', () => {
  it('the library has four forms and about 170 texts to translate', () => {
    expect(INTAKE_TEMPLATES.map((t) => t.formName)).toEqual(['adult-intake', 'minor-intake', 'couples-intake', 'release-of-information']);
    const count = INTAKE_TEMPLATES.reduce((n, t) => n + intakeTextEntries(t).length, 0);
    expect(count).toBeGreaterThan(160);
  });

  for (const lang of LANGS) {
    it(`${lang}: every text of every form is translated, none empty, none copied from the English`, () => {
      const own = texts(lang);
      expect(Object.keys(own).sort(), 'forms').toEqual(INTAKE_TEMPLATES.map((t) => t.formName).sort());
      for (const template of INTAKE_TEMPLATES) {
        const entries = intakeTextEntries(template);
        const form = own[template.formName] ?? {};
        const missing = entries.filter(([key]) => typeof form[key] !== 'string' || form[key].trim() === '').map(([key]) => key);
        expect(missing, `${lang} ${template.formName} untranslated`).toEqual([]);
        const copied = entries.filter(([key, english]) => english.length > COPY_GUARD && form[key].trim() === english.trim()).map(([key]) => key);
        expect(copied, `${lang} ${template.formName} identical to English`).toEqual([]);
        const stale = Object.keys(form).filter((key) => !entries.some(([k]) => k === key));
        expect(stale, `${lang} ${template.formName} keys the form does not have`).toEqual([]);
      }
    });
  }

  it('a date question keeps the MM/DD/YYYY order the answer is checked against, in every language', () => {
    for (const lang of LANGS) {
      const own = texts(lang);
      for (const template of INTAKE_TEMPLATES) {
        for (const [key, english] of intakeTextEntries(template).filter(([, e]) => e.includes('MM/DD/YYYY'))) {
          expect(own[template.formName][key], `${lang} ${template.formName} ${key} (${english})`).toMatch(/MM\/(DD|JJ|GG)\/(YYYY|AAAA)/);
        }
      }
    }
  });

  it('localizing swaps what the client reads, keeps keys and option values, and falls back to English per text', () => {
    const adult = templateByName('adult-intake')!;
    const es = texts('es');
    const partial: IntakeTexts = { 'adult-intake': { ...es['adult-intake'], 'fields.firstName.label': '' } };
    delete partial['adult-intake']['fields.gender.options.male'];
    const shown = localizeIntakeForm(adult, partial);
    const gender = shown.sections[0].fields.find((f) => f.key === 'gender')!;
    expect(shown.title).toBe('Admisión de adultos');
    expect(shown.sections[0].title).toBe('Sobre usted');
    expect(shown.sections[0].fields[0]).toMatchObject({ key: 'firstName', label: 'First name', type: 'name', required: true });
    expect(gender.options).toEqual([
      { value: 'female', label: 'Femenino' }, { value: 'male', label: 'Male' }, { value: 'nonbinary', label: 'No binario' },
      { value: 'self-described', label: 'Prefiero describirlo con mis palabras' }, { value: 'undisclosed', label: 'Prefiero no decirlo' },
    ]);
    expect(shown.sections[5].fields[0].help).toMatch(/^Este formulario no se revisa las 24 horas/);
    expect(localizeIntakeForm(adult, null)).toBe(adult);
    expect(localizeIntakeForm(adult, { 'minor-intake': es['minor-intake'] })).toBe(adult);
    // The library itself is untouched (clinicians read the answers with the English labels).
    expect(adult.sections[0].fields[0].label).toBe('First name');
  });

  it("the refusal of missing answers, shown in the portal's language, is the API's English word for word", () => {
    expect(DOCUMENTS_PAGE_ENGLISH['clientPortal.documents.answerRequired']).toBe(MESSAGES.intakeAnswerRequired);
  });
});
