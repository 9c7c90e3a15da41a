/**
 * Payers (issue 16, spec part 2 §3 "Payer: payer_id, names"): the shipped list (payers-data.ts),
 * searched by name, alias, id or state; with no search text the first 20 (spec §9 "payer
 * suggestions: first 20 when no search text"). Enrollment of the practice's billing provider with a
 * payer for claims and ERAs (835) has states: a request is made, the clearinghouse and payer work
 * on it, it ends enrolled or rejected.
 */
import { PAYER_ROWS } from './payers-data.ts';

export interface Payer {
  payer_id: string;
  names: string[];
  state: string | null;
}

export const PAYER_PAGE = 20;

const BY_ID = new Map<string, Payer>(PAYER_ROWS.map(([id, name, , state]) => [id, { payer_id: id, names: [name], state: state || null }]));

function haystack(row: (typeof PAYER_ROWS)[number]): string {
  return `${row[0]} ${row[1]} ${row[2]} ${row[3]}`.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ');
}
const INDEX = PAYER_ROWS.map((row) => ({ id: row[0], text: haystack(row) }));

export function getPayer(payerId: string): Payer | null {
  return BY_ID.get(payerId) ?? null;
}

/** Every word of the search must appear (in name, alias, id or state); names starting with the first word first. */
export function searchPayers(search: string | null | undefined, limit = PAYER_PAGE): Payer[] {
  const words = (search ?? '').toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return INDEX.slice(0, limit).map((r) => BY_ID.get(r.id)!);
  const hits = INDEX.filter((r) => words.every((w) => r.text.includes(w)));
  const starts = (id: string) => (BY_ID.get(id)!.names[0].toLowerCase().startsWith(words[0]) || id.toLowerCase() === words[0] ? 0 : 1);
  hits.sort((a, b) => starts(a.id) - starts(b.id));
  return hits.slice(0, limit).map((r) => BY_ID.get(r.id)!);
}

/** Enrollment kinds: claims (837P) and ERA (835); each has its own state per payer. */
export const ENROLLMENT_TYPES = ['claims', 'era'] as const;
export type EnrollmentType = (typeof ENROLLMENT_TYPES)[number];
export const ENROLLMENT_STATES = ['notEnrolled', 'requested', 'inProgress', 'enrolled', 'rejected'] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];

/** Which states may follow which (a rejected request may be made again). */
export const ENROLLMENT_TRANSITIONS: Record<EnrollmentState, EnrollmentState[]> = {
  notEnrolled: ['requested'],
  requested: ['inProgress', 'enrolled', 'rejected'],
  inProgress: ['enrolled', 'rejected'],
  enrolled: [],
  rejected: ['requested'],
};

export function canMoveEnrollment(from: EnrollmentState, to: EnrollmentState): boolean {
  return ENROLLMENT_TRANSITIONS[from].includes(to);
}
