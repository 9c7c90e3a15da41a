/**
 * Texts the portal sends on a clinician's behalf (issue 19): the team invitation and the booking
 * confirmation. They hold no PHI: the practice's name, a time, links and — for the invitation, to
 * its own addressee — the username and temporary password. Never a client's name or a service.
 */
import { reminderWhen } from './reminders.ts';

export interface InvitationFacts {
  practiceName: string | null;
  /** The console's sign-in page, absolute; null when the deployment does not know its origin. */
  signInUrl: string | null;
  username: string;
  temporaryPassword: string;
  siteName: string;
}

export function invitationText(facts: InvitationFacts): { subject: string; body: string } {
  const practice = facts.practiceName?.trim() || 'your practice';
  const where = facts.signInUrl ? `Sign in at ${facts.signInUrl}` : `Sign in to ${facts.siteName}`;
  return {
    subject: `You are invited to ${practice} on ${facts.siteName}`,
    body: [
      `${practice} has added you to its team on ${facts.siteName}.`,
      '',
      `${where} with`,
      `  Username: ${facts.username}`,
      `  Temporary password: ${facts.temporaryPassword}`,
      '',
      'You will choose your own password and set up multi-factor authentication when you first sign in. The temporary password works for a few days only: if it has expired, ask the practice to invite you again.',
    ].join('\n'),
  };
}

export interface ConfirmationFacts {
  practiceName: string | null;
  startMs: number;
  timeZone: string;
  /** Further sessions booked with it (a weekly series): 0 for a single appointment. */
  moreSessions: number;
  /** Telehealth: the link the client joins from; null for an office visit. */
  videoLink: string | null;
}

export function confirmationText(facts: ConfirmationFacts): { subject: string; body: string } {
  const from = facts.practiceName?.trim() || 'your care team';
  const when = reminderWhen(facts.startMs, facts.timeZone);
  const series = facts.moreSessions > 0 ? ` (the first of ${facts.moreSessions + 1} sessions)` : '';
  const video = facts.videoLink ? ` It is a video session: join it at ${facts.videoLink} at that time.` : '';
  return {
    subject: 'Appointment confirmed',
    body: `Your appointment on ${when}${series} is booked.${video} If you cannot attend, please let us know. — ${from}`,
  };
}
