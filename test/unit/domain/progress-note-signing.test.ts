/**
 * Signing a progress note needs content (session 9 walk): a note of any template whose every
 * section is blank after the one reader's trimming is refused when signed, at creation or later
 * (the sections sent with the signature, else the stored draft's); an empty draft may still be
 * saved. A cancelled appointment takes no note; a no-show does.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { NOTE_TEMPLATES, cancelledAppointmentProblem, noteIsEmpty, noteProblemMessage, takesNote, validateNoteCreate, validateNoteEdit } from '../../../domain/progress-note';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const EMPTY = { field: 'sections', reason: 'required', message: MESSAGES.noteEmpty };
/** Blank after trimming: spaces, line breaks, tabs, a no-break space, an ideographic space, a variation selector. */
const BLANKS = ['', '   ', '\n\n\t', '\u00a0', '\u3000', '\ufe0f'];

describe('signing needs content', () => {
  it('every template: all sections blank is refused when signed, with the message; the draft saves', () => {
    expect(NOTE_TEMPLATES.map((t) => t.template)).toEqual(['SOAP', 'DAP', 'BIRP', 'FREE']);
    for (const template of NOTE_TEMPLATES) {
      const sections = template.sections.map((s, i) => ({ key: s.key, text: BLANKS[i % BLANKS.length] }));
      const signed = validateNoteCreate('2026-11-20', { template: template.template, sections, sign: true }, NOW);
      expect(signed.problems, template.template).toEqual([EMPTY]);
      expect(noteProblemMessage(signed.problems)).toBe('A note needs some content before it is signed.');
      expect(validateNoteCreate('2026-11-20', { template: template.template, sign: true }, NOW).problems, template.template).toEqual([EMPTY]);
      expect(validateNoteCreate('2026-11-20', { template: template.template, sections }, NOW).problems, template.template).toEqual([]);
      // One section with text is enough, whichever it is.
      const last = template.sections[template.sections.length - 1].key;
      const one = sections.map((s) => (s.key === last ? { key: s.key, text: ' Seen. ' } : s));
      expect(validateNoteCreate('2026-11-20', { template: template.template, sections: one, sign: true }, NOW).problems, template.template).toEqual([]);
    }
  });

  it('signing a stored draft: the sections sent with the signature, else the draft as stored', () => {
    const draft = { template: 'SOAP', signed: false, version: 2, sections: [{ key: 'subjective', text: '' }, { key: 'objective', text: '' }, { key: 'assessment', text: '' }, { key: 'plan', text: '' }] };
    expect(validateNoteEdit({ version: 2, sign: true }, draft).problems).toEqual([EMPTY]);
    expect(validateNoteEdit({ version: 2, sign: true, sections: [{ key: 'plan', text: '  \n ' }] }, draft).problems).toEqual([EMPTY]);
    expect(validateNoteEdit({ version: 2, sign: true, sections: [{ key: 'plan', text: 'Weekly.' }] }, draft).problems).toEqual([]);
    const written = { ...draft, sections: [{ key: 'subjective', text: 'Slept better.' }] };
    expect(validateNoteEdit({ version: 2, sign: true }, written).problems).toEqual([]);
    // Clearing every section while signing is refused too; clearing without signing stays a draft.
    expect(validateNoteEdit({ version: 2, sign: true, sections: [] }, written).problems).toEqual([EMPTY]);
    expect(validateNoteEdit({ version: 2, sections: [] }, written).problems).toEqual([]);
  });

  it('noteIsEmpty reads like the one reader: invisible-only text is blank, any visible character is content', () => {
    expect(noteIsEmpty(BLANKS.map((text, i) => ({ key: `k${i}`, text })))).toBe(true);
    expect(noteIsEmpty([])).toBe(true);
    expect(noteIsEmpty(null)).toBe(true);
    expect(noteIsEmpty([{ key: 'note', text: '\n.\n' }])).toBe(false);
  });
});

describe('a cancelled appointment takes no note', () => {
  it('cancelled and late-cancelled are refused with the message; scheduled, attended and no-show take one', () => {
    for (const status of ['CANCELLED', 'LATE_CANCELLED']) {
      expect(takesNote({ status }), status).toBe(false);
      expect(cancelledAppointmentProblem({ status })?.message).toBe('This appointment was cancelled: it takes no progress note.');
    }
    for (const status of ['SCHEDULED', 'ATTENDED', 'NO_SHOW']) {
      expect(takesNote({ status }), status).toBe(true);
      expect(cancelledAppointmentProblem({ status })).toBeNull();
    }
  });
});
