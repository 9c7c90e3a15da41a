/**
 * Reminders for an occurrence left unanswered (issue 13: "Reminders until completed or expired"),
 * pure. An occurrence open four days or more gets two: 2 days after it opened and 1 day before it
 * closes (weekly: day 2 and day 6; once: day 2 and day 13); a shorter one (before an appointment:
 * 48 h) one, half-way (24 h before the session); under 12 hours none. Each step goes at most once
 * (the job records `<occurrence>#<step>` as it claims it); a job that was down sends only the
 * latest step due, and none once the occurrence is answered or has expired.
 *
 * Where the clock lives: one item per assignment, Practice table `AssessRemind#<client>#<assignment>`,
 * with sparse GSI3 keys `ASSESSREMIND#<UTC day>` / `<due ISO>#<practice>#<client>#<assignment>` at its
 * next reminder (functions/assessments/reminders.ts reads yesterday's and today's partitions).
 */
import type { Occurrence } from './schedule.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A before-appointment schedule's clock looks at the client's appointments at least this often (new bookings). */
export const APPOINTMENT_POLL_MS = HOUR;

/** When the reminders of an occurrence go (ISO instants, in order). */
export function reminderTimes(occurrence: Occurrence): string[] {
  const opens = Date.parse(occurrence.opensAt);
  const closes = Date.parse(occurrence.expiresAt);
  const window = closes - opens;
  if (window >= 4 * DAY) return [opens + 2 * DAY, closes - DAY].map((t) => new Date(t).toISOString());
  if (window >= 12 * HOUR) return [new Date(opens + window / 2).toISOString()];
  return [];
}

/** The step last reminded of this occurrence (-1: none), from the clock's `<occurrence>#<step>` mark. */
export function remindedStep(occurrence: Occurrence, reminded: string | null | undefined): number {
  if (!reminded) return -1;
  const at = reminded.lastIndexOf('#');
  if (at < 0 || reminded.slice(0, at) !== occurrence.key) return -1;
  const step = Number(reminded.slice(at + 1));
  return Number.isInteger(step) ? step : -1;
}

/** The latest step due at `nowMs` and not yet sent (null: nothing due), for an open occurrence. */
export function dueStep(occurrence: Occurrence, reminded: string | null | undefined, nowMs: number): number | null {
  if (nowMs >= Date.parse(occurrence.expiresAt)) return null;
  const times = reminderTimes(occurrence);
  let due = -1;
  for (let i = 0; i < times.length; i += 1) if (Date.parse(times[i]) <= nowMs) due = i;
  return due >= 0 && due > remindedStep(occurrence, reminded) ? due : null;
}

/** The mark of the steps already past at `nowMs` (an assignment made mid-occurrence owes none of them). */
export function passedMark(occurrence: Occurrence | null, nowMs: number): string | null {
  if (!occurrence) return null;
  const past = reminderTimes(occurrence).filter((t) => Date.parse(t) <= nowMs).length;
  return past > 0 ? `${occurrence.key}#${past - 1}` : null;
}

/**
 * When the clock next needs looking at: the first reminder after `nowMs` not yet sent, of the open
 * occurrence (unless answered) or else of the next one; for before-appointment schedules no later
 * than the next poll (an appointment may be booked meanwhile). Null: nothing left.
 */
export function nextReminderAt(input: { open: Occurrence | null; answered: boolean; next: Occurrence | null; reminded: string | null; nowMs: number; poll: boolean }): string | null {
  const { open, answered, next, reminded, nowMs } = input;
  const pending = (o: Occurrence | null) => (o ? reminderTimes(o).filter((t, i) => Date.parse(t) > nowMs && i > remindedStep(o, reminded)) : []);
  const candidates = [...(open && !answered ? pending(open) : []), ...pending(next)];
  if (input.poll) candidates.push(new Date(nowMs + APPOINTMENT_POLL_MS).toISOString());
  return candidates.sort()[0] ?? null;
}

/** The sparse GSI3 keys of an assignment's reminder clock at its next look. */
export function reminderDueKeys(dueAt: string, practiceId: string, clientId: string, assignmentId: string): { GSI3PK: string; GSI3SK: string } {
  return { GSI3PK: `ASSESSREMIND#${dueAt.slice(0, 10)}`, GSI3SK: `${dueAt}#${practiceId}#${clientId}#${assignmentId}` };
}

export const reminderClockKey = (practiceId: string, clientId: string, assignmentId: string) => ({ PK: 'P#' + practiceId, SK: `AssessRemind#${clientId}#${assignmentId}` });

/** The portal client's reminder: no PHI (no instrument, no specialty), the practice's name and the portal's address. */
export function portalReminderNotice(practiceName: string | null, portalLink: string): { subject: string; body: string; sms: string } {
  const practice = practiceName || 'Your practice';
  return {
    subject: 'You have a questionnaire waiting',
    body: [`You have a questionnaire waiting from ${practice}.`, '', `Sign in to your client portal to answer it: ${portalLink}`].join('\n'),
    sms: `You have a questionnaire waiting from ${practice}: ${portalLink}`,
  };
}
