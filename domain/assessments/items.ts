/**
 * Where assessments live (issue 13), Practice table partition `P#<practice>`:
 *   - assignment  `Assess#<client>#<assignment>` (instrument, schedule, delivery, stoppedAt)
 *   - draft       `AssessDraft#<client>#<assignment>#<occurrence>` (answers saved as the client goes)
 *   - done mark   `AssessDone#<client>#<assignment>#<occurrence>` (one response per occurrence)
 *   - response    `AssessResp#<client>#<submittedAt>#<id>` (immutable: a correction is a new response)
 *   - baseline    `AssessBase#<client>#<instrument>` (the first scored response)
 *   - alert       `RiskAlert#<id>` (id starts with the raise time in ms: newest-first order)
 *   - counters    `AssessCount#<instrument>#<YYYY-MM>` and `AssessCount#T#<clinician>#<instrument>#<YYYY-MM>`:
 *                 responses, scored, n_<band>, alerts — written in the response's transaction.
 *   - reminder clock `AssessRemind#<client>#<assignment>` (the last step reminded; GSI3 `ASSESSREMIND#<day>` at its next look)
 * Directory table: the single-use link `AssessLink#<sha-256 of the token>` / `LINK` (TTL expiresAt).
 * Also messages (refusals, the crisis line, the no-PHI notifications).
 */
const P = (practiceId: string) => 'P#' + practiceId;

export const assignmentKey = (practiceId: string, clientId: string, id: string) => ({ PK: P(practiceId), SK: `Assess#${clientId}#${id}` });
export const assignmentPrefix = (clientId: string) => `Assess#${clientId}#`;
export const draftKey = (practiceId: string, clientId: string, assignmentId: string, occurrence: string) => ({ PK: P(practiceId), SK: `AssessDraft#${clientId}#${assignmentId}#${occurrence}` });
export const doneKey = (practiceId: string, clientId: string, assignmentId: string, occurrence: string) => ({ PK: P(practiceId), SK: `AssessDone#${clientId}#${assignmentId}#${occurrence}` });
export const responseKey = (practiceId: string, clientId: string, submittedAt: string, id: string) => ({ PK: P(practiceId), SK: `AssessResp#${clientId}#${submittedAt}#${id}` });
export const responsePrefix = (clientId: string) => `AssessResp#${clientId}#`;
export const baselineKey = (practiceId: string, clientId: string, instrumentId: string) => ({ PK: P(practiceId), SK: `AssessBase#${clientId}#${instrumentId}` });
export const alertKey = (practiceId: string, id: string) => ({ PK: P(practiceId), SK: `RiskAlert#${id}` });
export const ALERT_PREFIX = 'RiskAlert#';
export const practiceCounterKey = (practiceId: string, instrumentId: string, month: string) => ({ PK: P(practiceId), SK: `AssessCount#${instrumentId}#${month}` });
export const clinicianCounterKey = (practiceId: string, therapistId: string, instrumentId: string, month: string) => ({ PK: P(practiceId), SK: `AssessCount#T#${therapistId}#${instrumentId}#${month}` });
export const linkKey = (tokenHash: string) => ({ PK: `AssessLink#${tokenHash}`, SK: 'LINK' });

/** A single-use link is good for this long (or until its occurrence expires, if sooner). */
export const LINK_DAYS = 7;

export const ASSESSMENT_MESSAGES = {
  instruments: 'Choose one or more assessments.',
  unknownInstrument: 'That assessment is not available.',
  tooMany: 'Assign at most 5 assessments at a time.',
  frequency: 'Choose how often: once, weekly, every 2 weeks, monthly or before each appointment.',
  startDate: 'Enter a start date from today on, within two years.',
  endDate: 'Enter a valid end date.',
  endBeforeStart: 'The end date must be on or after the start date.',
  tooLong: 'A schedule can run for at most two years.',
  assignmentNotFound: 'Assessment not found',
  stopped: 'This assessment has been stopped.',
  notOpen: 'This assessment is not open now.',
  alreadySubmitted: 'This assessment has already been submitted.',
  answers: 'Some answers are not valid for this assessment.',
  noAnswers: 'Answer at least one question before submitting.',
  alertNotFound: 'Alert not found',
  alreadyResolved: 'This alert has already been resolved.',
  note: 'Describe what was done (contacted, safety plan, referred…).',
  noteTooLong: 'The note is too long (at most 2000 characters).',
  noContact: 'The client has no e-mail or mobile number for the link.',
  linkUnknown: 'This link is not valid. Ask your clinician for a new one.',
  linkUsed: 'This link has already been used.',
  linkExpired: 'This link has expired. Ask your clinician for a new one.',
} as const;
export type AssessmentRefusal = keyof typeof ASSESSMENT_MESSAGES;

/** Shown to the client when their answers raised a risk alert (US). */
export const CRISIS_TEXT =
  'If you are thinking about suicide or are in crisis, call or text 988 (Suicide & Crisis Lifeline) now, or call 911 in an emergency. Your clinician has been told that your answers need their review.';

/** The clinician's alert notification: no PHI (no client, no instrument, no score). */
export const ALERT_NOTICE = { subject: 'A client response needs your review', body: 'A client response needs your review. Sign in to the portal to see it.' };

export function linkNotice(practiceName: string | null, link: string, validUntil: string, reminder = false): { subject: string; body: string; sms: string } {
  const practice = practiceName || 'Your practice';
  const until = new Date(validUntil).toUTCString().replace('GMT', 'UTC');
  return {
    subject: `${reminder ? 'Reminder: ' : ''}${practice} has a questionnaire for you`,
    body: [`${practice} has a short questionnaire for you.`, '', `Open it here: ${link}`, '', `The link works once and until ${until}.`].join('\n'),
    sms: `${practice} has a short questionnaire for you: ${link}`,
  };
}

export const MAX_NOTE_LENGTH = 2000;
export const MAX_INSTRUMENTS_PER_ASSIGN = 5;
export const RESPONSE_PAGE = 50;
export const ALERT_PAGE = 20;

/**
 * The sparse GSI3 keys of a link-delivered assignment: when its next occurrence opens, so the
 * scheduled job (functions/assessments/due-links.ts) finds the links to send with a Query per day.
 */
export function linkDueKeys(opensAt: string, practiceId: string, clientId: string, assignmentId: string): { GSI3PK: string; GSI3SK: string } {
  return { GSI3PK: `ASSESSLINK#${opensAt.slice(0, 10)}`, GSI3SK: `${opensAt}#${practiceId}#${clientId}#${assignmentId}` };
}

/**
 * What a link-delivered assignment records as linked (`linkedOccurrence`): the occurrence's key, and
 * for a before-appointment one also when it closes, so a session moved after its link went gets a
 * link for its new time (the earlier link expired with the old time).
 */
export function linkMark(occurrence: { key: string; expiresAt: string }): string {
  return occurrence.key.startsWith('appt:') ? `${occurrence.key}@${occurrence.expiresAt}` : occurrence.key;
}
