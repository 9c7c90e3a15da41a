/**
 * The one reader for human text (domain/human-text.ts, issue 11 §6): the refused set checked code
 * point by code point against Unicode's own categories (Node's \p{…}), fast-check properties over
 * the reader, and the write paths that use it (clients, team, profile, settings, appointments,
 * notes, sign-up).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHumanText, textFault, trimText, type TextKind } from '../../../domain/human-text.ts';
import { validateClientInput, problemSummary } from '../../../domain/client.ts';
import { validateTeamMember } from '../../../domain/team.ts';
import { validateTherapistInput } from '../../../domain/profile.ts';
import { validatePracticeDetails } from '../../../domain/practice.ts';
import { validateAppointmentInput } from '../../../domain/appointment/input.ts';
import { validateNoteCreate } from '../../../domain/progress-note.ts';
import { validateSignup, signupRefusal } from '../../../domain/signup.ts';
import { MESSAGES } from '../../../domain/messages.ts';

/** Unicode's answer: control, format, line/paragraph separator or noncharacter. */
const UNICODE_REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]/u;
const KINDS: TextKind[] = ['name', 'line', 'long'];

/** Characters the reader refuses everywhere (samples of each rule). */
const FORBIDDEN = [
  '\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f',
  '\u00ad', '\u061c', '\u180e', '\u200b', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e',
  '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff', '\ufff9', '\ufffe', '\uffff', '\ud800', '\udfff', '\u{e0041}', '\u{e0001}', '\u{1fffe}', '\u{1d173}',
];
const BLANK = [' ', '\u00a0', '\u2003', '\u3000', '\u3164', '\u115f', '\u2800'];
/** Everything the reader documents as trimmable (domain/human-text.ts): Unicode's space separators and the invisible fillers. A generated body may hold one (U+FFA0 is a grapheme of its own). */
const TRIMMABLE = [...' \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0\u2800'];

const safeChar = fc
  .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), fc.constantFrom('a', 'Z', 'é', 'ß', '中', 'ق', ' ', '-', "'", '😀', 'ñ'))
  .filter((ch) => !UNICODE_REFUSED.test(ch) && ch.indexOf('<') < 0 && ch.indexOf('>') < 0);
const safeText = fc.array(safeChar, { maxLength: 40 }).map((chars) => chars.join(''));

describe('the refused set', () => {
  it('is exactly Unicode’s controls, format characters, separators and noncharacters (tab and line feed only in long text)', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += 1) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const unicode = UNICODE_REFUSED.test(ch);
      const expectLong = unicode && ch !== '\t' && ch !== '\n' && ch !== '\u200c' && ch !== '\u200d';
      const expectLine = unicode && ch !== '\u200c' && ch !== '\u200d';
      if ((textFault(`a${ch}b`, 'long') === 'characters') !== expectLong || (textFault(`a${ch}b`, 'line') === 'characters') !== expectLine) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('refuses lone surrogates and keeps pairs', () => {
    for (const kind of KINDS) {
      expect(textFault('a\ud83d', kind)).toBe('characters');
      expect(textFault('\ude00a', kind)).toBe('characters');
      expect(textFault('a\ude00\ud83db', kind)).toBe('characters');
      expect(textFault('a😀b', kind)).toBeNull();
    }
  });

  it('keeps zero-width joiners only between visible characters (Persian, emoji sequences)', () => {
    expect(textFault('می\u200cخواهم', 'name')).toBeNull();
    expect(textFault('👩\u200d💻', 'line')).toBeNull();
    for (const text of ['\u200d', '\u200c', 'a\u200d', '\u200ca', 'a \u200db', 'a\u200d\u200db']) expect(textFault(text, 'name'), JSON.stringify(text)).toBe('characters');
  });

  it('accepts CR only as part of CRLF, and only in long text', () => {
    expect(textFault('a\r\nb', 'long')).toBeNull();
    expect(textFault('a\rb', 'long')).toBe('characters');
    expect(textFault('a\r\nb', 'line')).toBe('characters');
  });
});

describe('the reader (properties)', () => {
  it('refuses any text holding a forbidden character, in every kind', () => {
    fc.assert(
      fc.property(safeText, safeText, fc.constantFrom(...FORBIDDEN), fc.constantFrom(...KINDS), (before, after, bad, kind) => {
        const reading = readHumanText(before + bad + after, kind, 10_000);
        expect(reading).toEqual({ value: null, problem: 'characters' });
      }),
    );
  });

  it('refuses markup in names only', () => {
    fc.assert(
      fc.property(safeText, safeText, fc.constantFrom('<', '>'), (before, after, mark) => {
        expect(readHumanText(before + mark + after, 'name', 10_000).problem).toBe('markup');
        expect(readHumanText(before + mark + after, 'long', 10_000).problem).toBeNull();
      }),
    );
  });

  it('returns an accepted text unchanged but for the documented trimming', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BLANK), { maxLength: 3 }), safeText, fc.array(fc.constantFrom(...BLANK), { maxLength: 3 }), fc.constantFrom(...KINDS), (lead, body, trail, kind) => {
        const input = lead.join('') + body + trail.join('');
        const reading = readHumanText(input, kind, 10_000);
        expect(reading.problem).toBeNull();
        const trimmed = trimText(input, kind);
        // Trimming removes blanks at the ends only.
        expect(input.indexOf(trimmed)).toBeGreaterThanOrEqual(0);
        const cut = input.slice(0, input.indexOf(trimmed)) + input.slice(input.indexOf(trimmed) + trimmed.length);
        expect(cut.split('').every((ch) => TRIMMABLE.includes(ch))).toBe(true);
        if (kind === 'long') expect(reading.value ?? '').toBe(trimmed);
        // One-line kinds also collapse runs of spaces, nothing else.
        else expect((reading.value ?? '').split(' ').join('')).toBe(trimmed.split(' ').join(''));
        if (reading.value === null) expect(trimmed.split('').every((ch) => TRIMMABLE.includes(ch))).toBe(true);
      }),
    );
  });

  it('keeps the newlines and tabs of long text', () => {
    fc.assert(
      fc.property(fc.array(safeText.map((line) => `x${line}x`), { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\n\t'), (lines, breakWith) => {
        const text = lines.join(breakWith);
        expect(readHumanText(text, 'long', 10_000)).toEqual({ value: text, problem: null });
        if (lines.length > 1) expect(readHumanText(text, 'line', 10_000).problem).toBe('characters');
      }),
    );
  });

  it('treats any text of nothing but blanks and Unicode’s default-ignorables as absent', () => {
    const invisible = fc.constantFrom(...BLANK, '\u034f', '\u17b4', '\u180b', '\ufe0f', '\u{e0100}', '\u{e01ef}', '\u3164', '\uffa0');
    fc.assert(
      fc.property(fc.array(invisible, { minLength: 1, maxLength: 8 }), fc.constantFrom(...KINDS), (chars, kind) => {
        const text = chars.join('');
        expect(/^[\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]+$/u.test(text)).toBe(true);
        expect(readHumanText(text, kind, 100)).toEqual({ value: null, problem: null });
        expect(readHumanText(`${text}x${text}`, kind, 100).value).not.toBeNull();
      }),
    );
  });

  it('treats a name of invisible fillers as absent (a required name is then required)', () => {
    expect(readHumanText('\u3164\u115f \u2800', 'name', 100)).toEqual({ value: null, problem: null });
    const out = validateClientInput({ personalDetail: { first: '\u3164', last: 'Lopez' }, dateOfBirth: '01/02/1990' }, '2026-11-25');
    expect(out.problems).toEqual([{ field: 'personalDetail.first', reason: 'required' }]);
  });
});

describe('every write path reads text the same way', () => {
  const client = { personalDetail: { first: 'Ana', last: 'Lopez' }, dateOfBirth: '01/02/1990' };

  it('a NUL in a client’s name is refused, not turned into a space', () => {
    const out = validateClientInput({ ...client, personalDetail: { first: 'An\u0000a', last: 'Lopez' } }, '2026-11-25');
    expect(out.problems).toEqual([{ field: 'personalDetail.first', reason: 'characters' }]);
    expect(problemSummary(out.problems)).toContain(MESSAGES.textCharacters);
  });

  it('markup in a person’s name is refused for clients, team members, profiles, insurance names and sign-up', () => {
    const script = '<script>alert(1)</script>';
    expect(validateClientInput({ ...client, personalDetail: { first: script, last: 'Lopez' } }, '2026-11-25').problems).toEqual([{ field: 'personalDetail.first', reason: 'markup' }]);
    expect(validateTeamMember({ firstName: script, lastName: 'B', email: 'b@example.com' }, ['biller'], null).problems).toEqual([{ field: 'memberDetail.firstName', reason: 'markup' }]);
    const profile = validateTherapistInput({ person: { first: 'A', last: script, gender: 'F', dob: '01/01/1980', phone: '5555550100' }, address: { line1: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } }, '2026-11-25');
    expect(profile.problems).toEqual([{ field: 'person.last', reason: 'markup' }]);
    const signup = validateSignup({ firstName: script, lastName: 'Doe' });
    expect(signupRefusal(signup)).toBe('First Name contains characters that are not allowed');
  });

  it('a bidi override in a practice name or a C1 control in an address is refused', () => {
    expect(validatePracticeDetails({ name: 'Acme\u202eevil' }).problems).toEqual([{ field: 'name', reason: 'characters' }]);
    expect(validateClientInput({ ...client, address: { line1: '1 Main\u0085St' } }, '2026-11-25').problems).toEqual([{ field: 'address.line1', reason: 'characters' }]);
    expect(validateSignup({ organization: 'Clinic\u2028' }).organization).toBe(MESSAGES.textCharacters);
  });

  it('dates of birth lie between 1900 and today', () => {
    expect(validateClientInput({ ...client, dateOfBirth: '12/31/1899' }, '2026-11-25').problems).toEqual([{ field: 'dateOfBirth', reason: 'range' }]);
    expect(validateClientInput({ ...client, dateOfBirth: '11/26/2026' }, '2026-11-25').problems).toEqual([{ field: 'dateOfBirth', reason: 'range' }]);
    expect(validateClientInput({ ...client, dateOfBirth: '11/25/2026' }, '2026-11-25').problems).toEqual([]);
  });

  it('an appointment cannot start in 1900 or in 9999; a note keeps its line breaks and refuses controls', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const input = { clientId: 'c1', serviceCode: '90834', locationType: 'OFFICE', durationMinutes: 45 };
    for (const start of ['1900-01-01T10:00:00Z', '9999-12-31T23:00:00Z']) {
      expect(validateAppointmentInput({ ...input, start }, null, now).problems).toEqual([{ field: 'start', reason: 'range', message: MESSAGES.appointmentDateRange }]);
    }
    expect(validateAppointmentInput({ ...input, start: '2026-12-01T10:00:00Z' }, null, now).problems).toEqual([]);
    const note = validateNoteCreate('2026-11-25', { template: 'FREE', sections: [{ key: 'note', text: 'Line one.\nLine two.' }] }, now);
    expect(note.problems).toEqual([]);
    expect(note.data.sections[0].text).toBe('Line one.\nLine two.');
    expect(validateNoteCreate('9999-01-01', { template: 'FREE' }, now).problems).toEqual([{ field: 'date', reason: 'range', message: MESSAGES.noteDateRange }]);
    expect(validateNoteCreate('2026-11-25', { template: 'FREE', sections: [{ key: 'note', text: 'a\u0000b' }] }, now).problems[0]).toMatchObject({ reason: 'characters' });
  });
});
