/**
 * Appointment reminders (issue 7): which appointments are due one, and what it says. A reminder
 * goes once, at the practice's lead time before the start, by the practice's channel (e-mail or
 * SMS), to a client whose appointment has sendEmailReminder set. Its text holds no PHI: no client
 * name, no service or diagnosis — who (the clinician, if the practice allows), when, where (if the
 * practice allows), and the practice's name.
 */

/** Longest lead time a practice can set (domain/appointment/settings.ts validates the setting). */
export const MAX_REMINDER_LEAD_MINUTES = 7 * 24 * 60;

/** The sparse GSI3 keys of an appointment due a reminder: by the UTC day of its start. */
export function reminderIndexKeys(practiceId: string, appointmentId: string, startIso: string): { GSI3PK: string; GSI3SK: string } {
  return { GSI3PK: `REMIND#${startIso.slice(0, 10)}`, GSI3SK: `${startIso}#${practiceId}#${appointmentId}` };
}

/** The UTC days whose partitions can hold an appointment starting in [now, now + lead]. */
export function reminderDays(nowMs: number, maxLeadMinutes = MAX_REMINDER_LEAD_MINUTES): string[] {
  const days: string[] = [];
  const last = new Date(nowMs + maxLeadMinutes * 60_000).toISOString().slice(0, 10);
  for (let t = nowMs; ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= last) break;
  }
  return days;
}

/** Due: the start is still ahead and within the lead time. */
export function isReminderDue(startMs: number, leadMinutes: number, nowMs: number): boolean {
  return startMs > nowMs && startMs - leadMinutes * 60_000 <= nowMs;
}

export interface ReminderFacts {
  practiceName: string | null;
  startMs: number;
  timeZone: string;
  /** Only when the practice includes it. */
  clinicianName?: string | null;
  /** Only when the practice includes it: an office name, or 'online (video)' for telehealth. */
  where?: string | null;
}

/** "Mon, Dec 7, 2026, 10:00 AM PST" in the practice's timezone. */
export function reminderWhen(startMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(startMs));
}

export function reminderText(facts: ReminderFacts): { subject: string; body: string } {
  const from = facts.practiceName?.trim() || 'your care team';
  const withWhom = facts.clinicianName ? ` with ${facts.clinicianName}` : '';
  const where = facts.where ? `, ${facts.where}` : '';
  const when = reminderWhen(facts.startMs, facts.timeZone);
  return {
    subject: 'Appointment reminder',
    body: `Reminder: you have an appointment${withWhom} on ${when}${where}. If you cannot attend, please let us know. — ${from}`,
  };
}
