/**
 * Progress notes (issue #7, spec part 2 §7 createProgressNote / editProgressNote /
 * getProgessNoteMetadata): the templates, input validation, the signed-note rule (a signed note
 * only takes addenda; its sections never change), item keys and the API shape. One note per
 * appointment, keyed by the appointment. Pure and APPSYNC_JS-safe (bundled into resolvers; linted
 * by @aws-appsync/eslint-plugin). Problems name fields and rules, never values (PHI).
 */
import { parseDate, parseDateTime } from './appointment/calendar.ts';
import type { AppointmentProblem } from './appointment/problems.ts';
import { MESSAGES } from './messages.ts';
import { readHumanText } from './human-text.ts';
import { dayInWindow } from './date-window.ts';

export interface NoteTemplateMeta {
  template: string;
  label: string;
  sections: { key: string; label: string }[];
}

export const NOTE_TEMPLATES: NoteTemplateMeta[] = [
  {
    template: 'SOAP',
    label: 'SOAP',
    sections: [
      { key: 'subjective', label: 'Subjective' },
      { key: 'objective', label: 'Objective' },
      { key: 'assessment', label: 'Assessment' },
      { key: 'plan', label: 'Plan' },
    ],
  },
  {
    template: 'DAP',
    label: 'DAP',
    sections: [
      { key: 'data', label: 'Data' },
      { key: 'assessment', label: 'Assessment' },
      { key: 'plan', label: 'Plan' },
    ],
  },
  {
    template: 'BIRP',
    label: 'BIRP',
    sections: [
      { key: 'behavior', label: 'Behavior' },
      { key: 'intervention', label: 'Intervention' },
      { key: 'response', label: 'Response' },
      { key: 'plan', label: 'Plan' },
    ],
  },
  { template: 'FREE', label: 'Free form', sections: [{ key: 'note', label: 'Note' }] },
];

/** Longest section or addendum text. */
export const NOTE_TEXT_MAX = 20000;

export interface NoteSection {
  key: string;
  text: string;
}

function templateOf(name: string): NoteTemplateMeta | null {
  const found = NOTE_TEMPLATES.filter((t) => t.template === name);
  return found.length > 0 ? found[0] : null;
}

/** Long text through the one reader (human-text.ts): line breaks and tabs kept, refused characters a 'characters' problem; trimmed; bounded. */
function readNoteText(value: unknown, field: string, problems: AppointmentProblem[]): string | null {
  if (typeof value !== 'string') {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  const reading = readHumanText(value, 'long', NOTE_TEXT_MAX);
  if (reading.problem !== null) {
    problems.push({ field: field, reason: reading.problem, message: reading.problem === 'characters' ? MESSAGES.textCharacters : undefined });
    return null;
  }
  return reading.value === null ? '' : reading.value;
}

/** The template's sections in its order, the given texts filled in ('' for the others). Unknown or repeated keys are problems. */
export function readSections(value: unknown, template: NoteTemplateMeta, problems: AppointmentProblem[]): NoteSection[] {
  const given: Record<string, string> = {};
  if (value !== null && value !== undefined) {
    if (!Array.isArray(value)) {
      problems.push({ field: 'sections', reason: 'format' });
    } else if (value.length > template.sections.length) {
      problems.push({ field: 'sections', reason: 'length' });
    } else {
      const keys = template.sections.map((s) => s.key);
      (value as unknown[]).forEach((entry, i) => {
        const section = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
        const key = section.key;
        if (typeof key !== 'string' || keys.indexOf(key) < 0 || Object.keys(given).indexOf(key) >= 0) {
          problems.push({ field: 'sections.' + i + '.key', reason: 'unknown' });
          return;
        }
        const text = readNoteText(section.text, 'sections.' + i + '.text', problems);
        if (text !== null) {
          given[key] = text;
        }
      });
    }
  }
  return template.sections.map((s) => ({ key: s.key, text: Object.keys(given).indexOf(s.key) >= 0 ? given[s.key] : '' }));
}

export interface NoteCreateData {
  template: string;
  date: string;
  sections: NoteSection[];
  sign: boolean;
}

/** createProgressNote(appointmentId, date, input): date YYYY-MM-DD; template SOAP, DAP, BIRP or FREE (default SOAP); sections of that template; sign. */
export function validateNoteCreate(date: unknown, input: unknown, nowMs?: number): { problems: AppointmentProblem[]; data: NoteCreateData } {
  const problems: AppointmentProblem[] = [];
  const root = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (root !== input) {
    problems.push({ field: 'input', reason: 'format' });
  }
  Object.keys(root).forEach((key) => {
    if (['template', 'sections', 'sign'].indexOf(key) < 0) {
      problems.push({ field: key, reason: 'unknown' });
    }
  });
  const day = parseDate(date);
  if (day === null) {
    problems.push({ field: 'date', reason: 'format' });
  } else if (nowMs !== undefined && !dayInWindow(day, nowMs)) {
    problems.push({ field: 'date', reason: 'range', message: MESSAGES.noteDateRange });
  }
  const name = root.template === null || root.template === undefined ? 'SOAP' : root.template;
  const template = typeof name === 'string' ? templateOf(name) : null;
  if (template === null) {
    problems.push({ field: 'template', reason: 'format' });
  }
  const sign = root.sign;
  if (sign !== null && sign !== undefined && typeof sign !== 'boolean') {
    problems.push({ field: 'sign', reason: 'format' });
  }
  const sections = template === null ? [] : readSections(root.sections, template, problems);
  if (sign === true && template !== null && noteIsEmpty(sections)) {
    problems.push(emptyNoteProblem());
  }
  return { problems: problems, data: { template: template === null ? '' : template.template, date: typeof date === 'string' ? date : '', sections: sections, sign: sign === true } };
}

export interface NoteEditData {
  version: number;
  sections: NoteSection[] | null;
  sign: boolean;
  addendum: string | null;
}

/**
 * editProgressNote(id, input) of `note`: an unsigned note takes new sections and/or sign; a signed
 * one only an addendum — sections or sign on it are refused with 'A signed note cannot be changed;
 * add an addendum.' and an addendum on an unsigned note is a problem too (edit the note instead).
 */
export function validateNoteEdit(input: unknown, note: Record<string, unknown>): { problems: AppointmentProblem[]; data: NoteEditData } {
  const problems: AppointmentProblem[] = [];
  const root = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (root !== input) {
    problems.push({ field: 'input', reason: 'format' });
  }
  Object.keys(root).forEach((key) => {
    if (['version', 'sections', 'sign', 'addendum'].indexOf(key) < 0) {
      problems.push({ field: key, reason: 'unknown' });
    }
  });
  const version = typeof root.version === 'number' && Math.floor(root.version) === root.version ? root.version : -1;
  if (version < 0) {
    problems.push({ field: 'version', reason: 'format' });
  }
  const hasSections = root.sections !== null && root.sections !== undefined;
  const hasAddendum = root.addendum !== null && root.addendum !== undefined;
  const sign = root.sign === true;
  if (root.sign !== null && root.sign !== undefined && typeof root.sign !== 'boolean') {
    problems.push({ field: 'sign', reason: 'format' });
  }
  const signed = note.signed === true;
  if (signed && (hasSections || sign)) {
    problems.push({ field: hasSections ? 'sections' : 'sign', reason: 'format', message: MESSAGES.signedNoteLocked });
  }
  let addendum: string | null = null;
  if (hasAddendum) {
    if (!signed) {
      problems.push({ field: 'addendum', reason: 'format' });
    } else {
      addendum = readNoteText(root.addendum, 'addendum', problems);
      if (addendum === '') {
        problems.push({ field: 'addendum', reason: 'required' });
      }
    }
  } else if (signed && !hasSections && !sign) {
    problems.push({ field: 'addendum', reason: 'required' });
  }
  const template = templateOf(typeof note.template === 'string' ? note.template : '');
  const sections = hasSections && !signed && template !== null ? readSections(root.sections, template, problems) : null;
  // Signing needs content: the sections sent with the signature, else the draft's stored ones.
  if (sign && !signed && noteIsEmpty(sections !== null ? sections : note.sections)) {
    problems.push(emptyNoteProblem());
  }
  return { problems: problems, data: { version: version, sections: sections, sign: sign, addendum: addendum } };
}

/**
 * Whether a note has no content: every section blank after the one reader's trimming (whatever the
 * template: SOAP, DAP, BIRP or free form). A note that is not a list of sections is empty too.
 */
export function noteIsEmpty(sections: unknown): boolean {
  if (!Array.isArray(sections)) {
    return true;
  }
  return (sections as unknown[]).every((entry) => {
    const text = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>).text : null;
    return typeof text !== 'string' || isBlankNoteText(text);
  });
}

/** A section's text that the one reader reads as absent: blanks, line breaks and invisible characters only. */
export function isBlankNoteText(text: string): boolean {
  const reading = readHumanText(text, 'long', NOTE_TEXT_MAX);
  return reading.value === null && reading.problem === null;
}

function emptyNoteProblem(): AppointmentProblem {
  return { field: 'sections', reason: 'required', message: MESSAGES.noteEmpty };
}

/** Appointment statuses that take no progress note: the session was called off (a no-show still takes one). */
const NOTELESS_STATUSES = ['CANCELLED', 'LATE_CANCELLED'];

/** Whether an appointment (as stored) takes a new note or a signature: not when it was cancelled. */
export function takesNote(appointment: Record<string, unknown> | null | undefined): boolean {
  return !appointment || NOTELESS_STATUSES.indexOf(String(appointment.status)) < 0;
}

/** The refusal of a new note, or of signing one, on a cancelled appointment; null when it takes one. */
export function cancelledAppointmentProblem(appointment: Record<string, unknown> | null | undefined): AppointmentProblem | null {
  return takesNote(appointment) ? null : { field: 'appointmentId', reason: 'format', message: MESSAGES.noteCancelledAppointment };
}

/**
 * Signing waits for the session (issue 19): a note is signed once its appointment has started
 * (`start` as stored, ISO 8601); a draft may be written ahead. Null when signing is allowed now.
 */
export function signingTooEarly(appointmentStart: unknown, nowMs: number): AppointmentProblem | null {
  const startMs = parseDateTime(appointmentStart);
  if (startMs !== null && nowMs >= startMs) {
    return null;
  }
  return { field: 'sign', reason: 'format', message: MESSAGES.noteNotStarted };
}

export function noteProblemMessage(problems: AppointmentProblem[]): string {
  const spoken = problems.filter((p) => typeof p.message === 'string');
  if (spoken.length > 0) {
    return spoken[0].message as string;
  }
  return 'Invalid progress note input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
}

const NOTE_ID_PREFIX = 'note-';

/** A note's id: its appointment's, prefixed (one note per appointment). */
export function noteIdOf(appointmentId: string): string {
  return NOTE_ID_PREFIX + appointmentId;
}

/** The appointment id of a note id, or null when it is not one. */
export function appointmentIdOfNote(id: unknown): string | null {
  if (typeof id !== 'string' || id.indexOf(NOTE_ID_PREFIX) !== 0 || id.length <= NOTE_ID_PREFIX.length || id.length > 64 + NOTE_ID_PREFIX.length) {
    return null;
  }
  return id.substring(NOTE_ID_PREFIX.length);
}

export function noteKey(practiceId: string, appointmentId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'NOTE#' + appointmentId };
}

export function toNote(item: Record<string, unknown>): Record<string, unknown> {
  return {
    id: item.id,
    appointmentId: item.appointmentId,
    clientId: item.clientId,
    clinicianId: item.clinicianId,
    date: item.date,
    template: item.template,
    sections: item.sections || [],
    signed: item.signed === true,
    signedAt: item.signedAt || null,
    addenda: item.addenda || [],
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
