/**
 * The single-use assessment link's public routes (issue 13; no sign-in — the token is the proof,
 * carried in the link's fragment and posted in the body, never in a URL):
 *   POST /assessmentLink {token}                → the one open assessment it opens (and saved answers)
 *   POST /saveAssessmentLink {token, answers}   → answers saved as the client goes
 *   POST /submitAssessmentLink {token, answers} → {responseId, status, crisisText}; spends the link
 * An unknown token is 404, a used or expired one 410, each with its own message; nothing is written
 * then. The link opens only its own assignment's current occurrence. Nothing here logs the token.
 */
import { writeAudit } from '../shared/audit-write.ts';
import { withAddressLimit } from '../shared/address-limit.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { isRefusal } from '../shared/refusal.ts';
import { practiceName } from '../shared/practice-name.ts';
import { table } from '../shared/aws.ts';
import { ASSESSMENT_MESSAGES, linkKey } from '../../domain/assessments/items.ts';
import { getItem, openAssessment, readAnswers, saveDraft, savedDraft, submit, type Item, type OpenAssessment } from '../assessments/store.ts';
import { clientAssessmentView, submissionAudit } from '../assessments/client.ts';
import { hashLinkToken } from '../assessments/link.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The audit's actor for what a link's holder does (they have no account). */
const LINK_ACTOR = 'assessment-link';

type Loaded = { ok: true; key: { PK: string; SK: string }; link: Item; open: OpenAssessment } | { ok: false; status: 'unknown' | 'used' | 'expired' };

async function load(token: unknown, now: Date): Promise<Loaded> {
  if (typeof token !== 'string' || !TOKEN.test(token)) return { ok: false, status: 'unknown' };
  const key = linkKey(hashLinkToken(token));
  const link = await getItem(key, 'DIRECTORY_TABLE');
  if (!link) return { ok: false, status: 'unknown' };
  if (link.usedAt) return { ok: false, status: 'used' };
  if (typeof link.validUntil !== 'string' || Date.parse(link.validUntil) <= now.getTime()) return { ok: false, status: 'expired' };
  try {
    const open = await openAssessment(link.practiceId as string, link.clientId as string, link.assignmentId, now);
    if (open.occurrence.key !== link.occurrence) return { ok: false, status: 'expired' };
    return { ok: true, key, link, open };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { ok: false, status: error.message === ASSESSMENT_MESSAGES.alreadySubmitted ? 'used' : 'expired' };
  }
}

function refused(status: 'unknown' | 'used' | 'expired') {
  const message = status === 'unknown' ? ASSESSMENT_MESSAGES.linkUnknown : status === 'used' ? ASSESSMENT_MESSAGES.linkUsed : ASSESSMENT_MESSAGES.linkExpired;
  return json(status === 'unknown' ? 404 : 410, { message, reason: status });
}

async function answersOf(open: OpenAssessment, raw: unknown) {
  try {
    return { ok: true as const, answers: readAnswers(open.instrument, raw) };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { ok: false as const, response: json(400, { message: error.message, reason: 'answers' }) };
  }
}

const peek: PublicHandler = async (event) => {
  const now = new Date();
  const loaded = await load(parseBody(event)?.token, now);
  if (!loaded.ok) return refused(loaded.status);
  const { open } = loaded;
  await writeAudit(LINK_ACTOR, 'assessmentLink', [{ practiceId: open.practiceId, action: 'assessment.open', entityType: 'Client', entityId: open.clientId, entityIds: [open.assignment.id as string] }], now.toISOString());
  return json(200, clientAssessmentView(open, await practiceName(open.practiceId), await savedDraft(open)));
};

const save: PublicHandler = async (event) => {
  const now = new Date();
  const body = parseBody(event);
  const loaded = await load(body?.token, now);
  if (!loaded.ok) return refused(loaded.status);
  const read = await answersOf(loaded.open, body?.answers);
  if (!read.ok) return read.response;
  await saveDraft(loaded.open, read.answers, now);
  return json(200, { saved: true });
};

const submitLink: PublicHandler = async (event) => {
  const now = new Date();
  const body = parseBody(event);
  const loaded = await load(body?.token, now);
  if (!loaded.ok) return refused(loaded.status);
  const { open, key } = loaded;
  const read = await answersOf(open, body?.answers);
  if (!read.ok) return read.response;
  // Spent in the response's transaction: a second submit (another tab) fails as a whole.
  const spend = { Update: { TableName: table('DIRECTORY_TABLE'), Key: key, UpdateExpression: 'SET usedAt = :at', ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt)', ExpressionAttributeValues: { ':at': now.toISOString() } } };
  try {
    const done = await submit(open, read.answers, LINK_ACTOR, now, [spend]);
    await writeAudit(LINK_ACTOR, 'submitAssessmentLink', submissionAudit(open.practiceId, open.clientId, done), now.toISOString());
    return json(200, { responseId: done.responseId, status: done.status, crisisText: done.crisisText });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (error.message === ASSESSMENT_MESSAGES.alreadySubmitted) return refused('used');
    return json(400, { message: error.message, reason: 'answers' });
  }
};

const route: PublicHandler = async (event) => {
  const path = (event.rawPath ?? event.requestContext?.http?.path ?? '').replace(/\/+$/, '');
  if (path.endsWith('/submitAssessmentLink')) return submitLink(event);
  if (path.endsWith('/saveAssessmentLink')) return save(event);
  return peek(event);
};

// The pool's default per-address limit; a 256-bit token cannot be guessed.
export const handler = withAddressLimit('assessmentLink', route);
