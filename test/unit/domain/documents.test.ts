/**
 * Consent documents and intake forms, the domain rules (issue 12): document versioning and when a
 * signature still covers a document, input through the one text reader, the template library's
 * shape, the practice's chosen forms, and a client's answers (types, required, normalised,
 * pre-filled client fields).
 */
import { describe, expect, it } from 'vitest';
import { CONSENT_STATUS, consentHeadItem, nextConsentMeta, signatureCurrent, validateConsentInput } from '../../../domain/documents/consent.ts';
import { INTAKE_FIELD_TYPES, INTAKE_TEMPLATES, PREFILL_FIELDS, templateFields } from '../../../domain/documents/intake-templates.ts';
import { changeIntakeForms, prefillOf, toIntakeSettings, validateIntakeAnswers } from '../../../domain/documents/intake.ts';
import { validateClientInput } from '../../../domain/client.ts';
import { MESSAGES } from '../../../domain/messages.ts';

const meta = { version: 1, textVersion: 1, status: CONSENT_STATUS.active, createdAt: '2026-01-01T00:00:00Z', createdBy: 'u1', updatedAt: '2026-01-01T00:00:00Z', updatedBy: 'u1' };

describe('consent document versioning', () => {
  const head = consentHeadItem('p1', 'd1', { title: 'Telehealth', details: 'Text', included: false }, meta);

  it('every edit is version + 1; textVersion moves only when the title or text changes', () => {
    expect(nextConsentMeta(head, { title: 'Telehealth', details: 'Text', included: true }, 'now', 'u2')).toMatchObject({ version: 2, textVersion: 1, updatedBy: 'u2', createdBy: 'u1' });
    expect(nextConsentMeta(head, { title: 'Telehealth', details: 'New text', included: false }, 'now', 'u2')).toMatchObject({ version: 2, textVersion: 2 });
    expect(nextConsentMeta(head, { title: 'Video sessions', details: 'Text', included: false }, 'now', 'u2')).toMatchObject({ version: 2, textVersion: 2 });
  });

  it('a signature covers the document until its text changes', () => {
    const includedOnly = { ...head, version: 2, textVersion: 1 };
    expect(signatureCurrent(includedOnly, 1)).toBe(true);
    const rewritten = { ...head, version: 3, textVersion: 3 };
    expect(signatureCurrent(rewritten, 1)).toBe(false);
    expect(signatureCurrent(rewritten, 3)).toBe(true);
    expect(signatureCurrent(rewritten, 4)).toBe(false);
  });

  it('title and text through the one reader: trimmed, line breaks kept, refused characters and blanks named', () => {
    expect(validateConsentInput('  Video   consent ', '\nLine one\nLine two\n', true)).toEqual({ problems: [], data: { title: 'Video consent', details: 'Line one\nLine two', included: true } });
    const bad = validateConsentInput(' ', 'Agree\u200Bnow', 'yes');
    expect(bad.problems).toEqual([
      { field: 'title', reason: 'required', message: MESSAGES.consentTitleRequired },
      { field: 'details', reason: 'characters', message: MESSAGES.textCharacters },
      { field: 'included', reason: 'format' },
    ]);
    expect(validateConsentInput('T'.repeat(201), 'x', false).problems[0]).toMatchObject({ field: 'title', reason: 'length' });
  });
});

describe('intake template library', () => {
  it('holds the four forms, each field typed, keys unique per form, choices with options, prefills naming client fields', () => {
    expect(INTAKE_TEMPLATES.map((t) => t.formName)).toEqual(['adult-intake', 'minor-intake', 'couples-intake', 'release-of-information']);
    for (const template of INTAKE_TEMPLATES) {
      const fields = templateFields(template);
      expect(new Set(fields.map((f) => f.key)).size).toBe(fields.length);
      for (const field of fields) {
        expect(INTAKE_FIELD_TYPES).toContain(field.type);
        expect(field.label.length).toBeGreaterThan(0);
        if (field.type === 'choice' || field.type === 'multiChoice') expect(field.options?.length).toBeGreaterThan(1);
        else expect(field.options).toBeUndefined();
        if (field.prefill) expect(PREFILL_FIELDS).toContain(field.prefill);
      }
      // Every form names its client and pre-fills the record's required name and date of birth.
      expect(fields.filter((f) => f.required).map((f) => f.prefill)).toEqual(expect.arrayContaining(['personalDetail.first', 'personalDetail.last', 'dateOfBirth']));
    }
  });
});

describe('chosen intake forms', () => {
  it('adds library forms only, keeps one default, refuses unchosen ones', () => {
    let forms = changeIntakeForms([], 'couples-intake', { kind: 'set' }).forms;
    forms = changeIntakeForms(forms, 'adult-intake', { kind: 'set' }).forms;
    expect(forms.map((f) => f.formName)).toEqual(['adult-intake', 'couples-intake']);
    forms = changeIntakeForms(forms, 'adult-intake', { kind: 'default', value: true }).forms;
    forms = changeIntakeForms(forms, 'couples-intake', { kind: 'default', value: true }).forms;
    expect(toIntakeSettings({ forms, version: 4 })).toMatchObject({ defaultForm: 'couples-intake', version: 4 });
    expect(forms.filter((f) => f.default)).toHaveLength(1);
    expect(changeIntakeForms(forms, 'tax-form', { kind: 'set' }).problem?.message).toBe(MESSAGES.intakeFormUnknown);
    expect(changeIntakeForms(forms, 'minor-intake', { kind: 'remove' }).problem?.message).toBe(MESSAGES.intakeFormNotChosen);
    expect(changeIntakeForms(forms, 'couples-intake', { kind: 'remove' }).forms).toEqual([{ formName: 'adult-intake', default: false }]);
  });
});

describe('intake answers', () => {
  const today = '2026-11-26';
  const adult = {
    firstName: ' Ana ', lastName: 'Lopez', dateOfBirth: '04/12/1990', gender: 'female', phone: '(503) 555-0142', email: 'Ana@Example.com', state: 'or', zip: '97201',
    emergencyName: 'Luis Lopez', emergencyRelationship: 'Brother', emergencyPhone: '503-555-0100', reason: 'Sleep and worry.\nSince spring.', previousTherapy: false,
    selfHarmThoughts: false, harmOthersThoughts: false,
  };

  it('normalises answers like the client fields they pre-fill, and the pre-fill makes a valid client edit', () => {
    const result = validateIntakeAnswers('adult-intake', adult, today);
    expect(result.problems).toEqual([]);
    expect(result.answers).toMatchObject({ firstName: 'Ana', phone: '+15035550142', email: 'ana@example.com', state: 'OR', previousTherapy: false, reason: 'Sleep and worry.\nSince spring.' });
    const prefill = prefillOf('adult-intake', result.answers);
    expect(prefill).toEqual({ 'personalDetail.first': 'Ana', 'personalDetail.last': 'Lopez', dateOfBirth: '04/12/1990', gender: 'female', 'contact.phone': '+15035550142', 'contact.email': 'ana@example.com', 'address.state': 'OR', 'address.zip': '97201' });
    const client = validateClientInput({ personalDetail: { first: prefill['personalDetail.first'], last: prefill['personalDetail.last'] }, dateOfBirth: prefill.dateOfBirth, contact: { phone: prefill['contact.phone'], email: prefill['contact.email'] } }, today);
    expect(client.problems).toEqual([]);
  });

  it('refuses unknown keys, wrong types, options outside the list, future births and missing required answers — by field name', () => {
    const result = validateIntakeAnswers('adult-intake', { ...adult, favouriteColour: 'red', previousTherapy: 'no', gender: 'robot', dateOfBirth: '01/01/2030', reason: undefined, email: 'not-an-email' }, today);
    expect(result.problems.map((p) => [p.field, p.reason])).toEqual([
      ['answers.favouriteColour', 'unknown'],
      ['answers.dateOfBirth', 'range'],
      ['answers.gender', 'format'],
      ['answers.email', 'format'],
      ['answers.reason', 'required'],
      ['answers.previousTherapy', 'format'],
    ]);
    expect(JSON.stringify(result.problems)).not.toContain('robot');
  });

  it('acknowledgements must be ticked; multiple choice keeps the library order; text goes through the one reader', () => {
    const base = { firstName: 'Ana', lastName: 'Lopez', dateOfBirth: '04/12/1990', recipientName: 'Dr. Kim', purpose: 'care', expires: '12/31/2027', revocable: true, voluntary: false };
    const unticked = validateIntakeAnswers('release-of-information', { ...base, information: ['diagnosis', 'attendance'] }, today);
    expect(unticked.problems).toEqual([{ field: 'answers.voluntary', reason: 'required', message: MESSAGES.intakeAnswerRequired }]);
    const ok = validateIntakeAnswers('release-of-information', { ...base, voluntary: true, information: ['diagnosis', 'attendance'] }, today);
    expect(ok.answers.information).toEqual(['attendance', 'diagnosis']);
    const markup = validateIntakeAnswers('release-of-information', { ...base, voluntary: true, information: ['diagnosis'], recipientName: '<b>Kim</b>' }, today);
    expect(markup.problems).toEqual([{ field: 'answers.recipientName', reason: 'markup', message: MESSAGES.nameMarkup }]);
    expect(validateIntakeAnswers('no-such-form', {}, today).problems[0].message).toBe(MESSAGES.intakeFormUnknown);
    expect(validateIntakeAnswers('adult-intake', ['a'], today).problems).toEqual([{ field: 'answers', reason: 'format' }]);
  });
});
