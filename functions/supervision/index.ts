/**
 * supervision: AppSync Lambda data source of supervision and co-signature (issue 18; spec part 2
 * §6 "supervision"). Payload {field, caller: {sub, practiceId, roles, groups}, cursor, args}
 * (resolvers/functions/invokeSupervision.ts, after authorize; FIELD_RULES gates each field).
 *
 * - listSupervisions / setSupervisors (team members right: owner, clinicianAdmin): who supervises
 *   whom, one record per supervised clinician (P#<practice> / SUPERVISION#<clinician>).
 * - listNotesAwaitingCosign (supervision): the caller's supervisees' signed, not co-signed notes,
 *   oldest first, 20 a page, with their age in days.
 * - getSupervisedNote / cosignProgressNote / returnProgressNote (supervision): one supervisee's
 *   note, read-only, and its co-signature or return (domain/supervision.ts), conditioned on the
 *   version read. Anyone else's note is NotFound, as if missing.
 * - getNoteCosign: a note's co-signature state for its clinician (or notes.all, or its supervisor).
 * - getPayerClaimSettings / setPayerClaimSetting (insurance payers right): per payer, whether its
 *   claims carry the supervising provider (payer-settings.ts).
 * Logs carry error names only.
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { holds, isClinician, PERMISSIONS } from '../../domain/permissions.ts';
import { appointmentIdOfNote, toNote } from '../../domain/progress-note.ts';
import { withPeriod } from '../../domain/insurance/supervising.ts';
import { cosign, cosignStatus, COSIGN_REMINDER_DAYS_DEFAULT, COSIGN_REMINDER_DAYS_MAX, reminderDaysOf, returnNote, superviseesOf, supervisionKey, SUPERVISION_MESSAGES, withoutCosignIndex, type CosignNote, type Transition } from '../../domain/supervision.ts';
import { awaitingPage, indexEarlierNotes } from './awaiting.ts';
import { getNote, members, putItem, supervisionItem, supervisions, type Item, type Member } from './store.ts';
import { payerSettings, setPayerSetting } from './payer-settings.ts';

export interface Caller {
  sub: string;
  practiceId: string;
  roles: string[];
  groups: string[];
}

export interface SupervisionRequest {
  field: string;
  caller: Caller;
  cursor?: string | null;
  args: Item;
}

const MAX_SUPERVISORS = 5;
const NOT_FOUND = 'Progress note not found';

function idList(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length === 0 || v.length > 64)) {
    throw new Refusal('Invalid input: supervisorIds (format)', 'ValidationError', [{ field: 'supervisorIds', reason: 'format' }]);
  }
  return [...new Set(value as string[])];
}

async function setSupervisors(caller: Caller, args: Item, at: string): Promise<Item> {
  const clinicianId = typeof args.clinicianId === 'string' ? args.clinicianId : '';
  const supervisorIds = idList(args.supervisorIds);
  if (supervisorIds.length > MAX_SUPERVISORS) throw new Refusal(`Invalid input: supervisorIds (at most ${MAX_SUPERVISORS})`, 'ValidationError', [{ field: 'supervisorIds', reason: 'length' }]);
  const team = await members(caller.practiceId);
  const clinician = team.find((m) => m.sub === clinicianId);
  if (!clinician || !isClinician(clinician.roles)) throw new Refusal('Clinician not found', 'NotFound');
  if (supervisorIds.includes(clinicianId)) throw new Refusal(SUPERVISION_MESSAGES.selfSupervision, 'ValidationError', [{ field: 'supervisorIds', reason: 'format' }]);
  for (const id of supervisorIds) {
    const m = team.find((x) => x.sub === id);
    if (!m || !holds(PERMISSIONS.supervision, m.roles, m.groups)) throw new Refusal(SUPERVISION_MESSAGES.notSupervisor, 'ValidationError', [{ field: 'supervisorIds', reason: 'format' }]);
  }
  const stored = await supervisionItem(caller.practiceId, clinicianId);
  const reminderDays = reminderDaysArg(stored, args.reminderDays);
  // Who supervised on which day (claims name the supervisor at the date of service: domain/insurance/supervising.ts).
  const periods = withPeriod(stored, supervisorIds, at.slice(0, 10));
  await putItem({ ...supervisionKey(caller.practiceId, clinicianId), entity: 'Supervision', clinicianId, supervisorIds, periods, reminderDays, updatedAt: at, updatedBy: caller.sub });
  // Their notes signed before (no index keys yet) now await co-signature too: a supervisor takes over a caseload.
  if (supervisorIds.length > 0) await indexEarlierNotes(caller.practiceId, clinicianId, reminderDays, new Date(at));
  return { clinicianId, supervisorIds, reminderDays, updatedAt: at };
}

/** reminderDays: 1–30 whole days; absent keeps the assignment's (default 3). */
function reminderDaysArg(stored: Item | null, value: unknown): number {
  if (value === null || value === undefined) return stored ? reminderDaysOf(stored) : COSIGN_REMINDER_DAYS_DEFAULT;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > COSIGN_REMINDER_DAYS_MAX) {
    throw new Refusal(`Invalid input: reminderDays (a whole number of days from 1 to ${COSIGN_REMINDER_DAYS_MAX})`, 'ValidationError', [{ field: 'reminderDays', reason: 'range' }]);
  }
  return value;
}

/** The note `id` if the caller supervises its clinician; NotFound otherwise (another's, another practice's, missing). */
async function supervisedNote(caller: Caller, id: unknown): Promise<{ note: Item; supervisor: Member }> {
  const appointmentId = appointmentIdOfNote(id);
  if (!appointmentId) throw new Refusal(NOT_FOUND, 'NotFound');
  const [note, records, team] = await Promise.all([getNote(caller.practiceId, appointmentId), supervisions(caller.practiceId), members(caller.practiceId)]);
  const supervisor = team.find((m) => m.sub === caller.sub);
  if (!note || !supervisor || !superviseesOf(records, caller.sub).includes(note.clinicianId as string)) throw new Refusal(NOT_FOUND, 'NotFound');
  return { note, supervisor };
}

/** The note as the supervisor reads it: the note, its state, co-signature and returns. */
export function shapeSupervised(note: Item, supervised: boolean, names: { clinicianName?: string | null } = {}): Item {
  return {
    note: toNote(note),
    status: cosignStatus(note as unknown as CosignNote, supervised).toUpperCase(),
    cosignature: note.cosignature ?? null,
    returns: (note.returns) ?? [],
    clinicianName: names.clinicianName ?? null,
  };
}

async function transition(caller: Caller, args: Item, at: string, kind: 'cosign' | 'return'): Promise<Item> {
  const { note, supervisor } = await supervisedNote(caller, args.noteId);
  const who = { id: supervisor.sub, name: supervisor.name };
  const stored = note as Item & CosignNote;
  const t: Transition<Item & CosignNote> = kind === 'cosign' ? cosign(stored, args.version, who, at) : returnNote(stored, args.version, args.comment, who, at);
  if (!t.ok) throw new Refusal(t.message, t.errorType);
  // Co-signed or returned, it awaits nothing: out of the supervisor's list and the reminder index.
  const next = { ...withoutCosignIndex(t.note), updatedAt: at };
  try {
    await putItem(next, { expression: '#v = :v AND #s = :s', names: { '#v': 'version', '#s': 'signed' }, values: { ':v': stored.version, ':s': true } });
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') throw new Refusal(SUPERVISION_MESSAGES.changed, 'ConflictError');
    throw err;
  }
  return shapeSupervised(next, true);
}

/** The co-signature state of a note for its clinician, a notes.all holder or its supervisor. */
async function noteCosign(caller: Caller, id: unknown): Promise<Item> {
  const appointmentId = appointmentIdOfNote(id);
  if (!appointmentId) throw new Refusal(NOT_FOUND, 'NotFound');
  const [note, records] = await Promise.all([getNote(caller.practiceId, appointmentId), supervisions(caller.practiceId)]);
  if (!note) throw new Refusal(NOT_FOUND, 'NotFound');
  const clinicianId = note.clinicianId as string;
  const own = clinicianId === caller.sub && holds(PERMISSIONS.notesOwn, caller.roles, caller.groups);
  const supervises = superviseesOf(records, caller.sub).includes(clinicianId);
  if (!own && !supervises && !holds(PERMISSIONS.notesAll, caller.roles, caller.groups)) throw new Refusal(NOT_FOUND, 'NotFound');
  const supervised = records.some((r) => r.clinicianId === clinicianId && r.supervisorIds.length > 0);
  const shaped = shapeSupervised(note, supervised);
  return { noteId: note.id, version: note.version, status: shaped.status, cosignature: shaped.cosignature, returns: shaped.returns };
}

export async function run(request: SupervisionRequest, now = new Date()): Promise<unknown> {
  const caller = request.caller;
  const args = request.args ?? {};
  const at = now.toISOString();
  if (!caller?.practiceId || !caller.sub) throw new Error('supervision: no caller');
  switch (request.field) {
    case 'listSupervisions': return supervisions(caller.practiceId);
    case 'setSupervisors': return setSupervisors(caller, args, at);
    case 'listNotesAwaitingCosign': return awaitingPage(caller.practiceId, superviseesOf(await supervisions(caller.practiceId), caller.sub), request.cursor ?? null, now);
    case 'getSupervisedNote': {
      const { note } = await supervisedNote(caller, args.id);
      return shapeSupervised(note, true);
    }
    case 'cosignProgressNote': return transition(caller, args, at, 'cosign');
    case 'returnProgressNote': return transition(caller, args, at, 'return');
    case 'getNoteCosign': return noteCosign(caller, args.noteId);
    case 'getPayerClaimSettings': return payerSettings(caller.practiceId);
    case 'setPayerClaimSetting': return setPayerSetting(caller.practiceId, caller.sub, args, at);
  }
  throw new Error(`supervision: unknown field ${request.field}`);
}

export const handler = appsyncHandler('supervision', (event: SupervisionRequest) => run(event));
