/**
 * The single-use assessment link (issue 13) for clients without a portal account: a random 32-byte
 * token (base64url) only the message carries, in the link's fragment (`/portal/assessment#<token>`,
 * never a path or query a server logs); the Directory table keeps its SHA-256 with the practice,
 * client, assignment and occurrence it opens, until the occurrence expires or 7 days, whichever is
 * sooner. Submitting spends it in the response's transaction. The message names the practice only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import type { Notifier } from '../shared/notifier.ts';
import { toE164 } from '../../domain/client.ts';
import { LINK_DAYS, linkKey, linkNotice } from '../../domain/assessments/items.ts';
import type { Occurrence } from '../../domain/assessments/schedule.ts';

export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function assessmentLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/portal/assessment#${token}`;
}

export interface LinkFacts {
  practiceId: string;
  clientId: string;
  assignmentId: string;
  occurrence: Occurrence;
  practiceName: string | null;
  email: string | null;
  phone: string | null;
  /** A reminder for the same occurrence (the reminders job): the subject says so. */
  reminder?: boolean;
}

/** Stores a new link for the occurrence and sends it (e-mail, else SMS). */
export async function issueLink(facts: LinkFacts, now: Date, send: Notifier, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const origin = env.PORTAL_ORIGIN ?? '';
  if (!origin) throw new Error('PORTAL_ORIGIN is not set');
  const token = randomBytes(32).toString('base64url');
  const validUntil = new Date(Math.min(Date.parse(facts.occurrence.expiresAt), now.getTime() + LINK_DAYS * 86_400_000)).toISOString();
  await dynamo().send(new PutCommand({
    TableName: table('DIRECTORY_TABLE'),
    Item: {
      ...linkKey(hashLinkToken(token)), entity: 'AssessmentLink', practiceId: facts.practiceId, clientId: facts.clientId, assignmentId: facts.assignmentId,
      occurrence: facts.occurrence.key, validUntil, createdAt: now.toISOString(), expiresAt: Math.floor(Date.parse(validUntil) / 1000) + 30 * 86400,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
  const notice = linkNotice(facts.practiceName, assessmentLink(origin, token), validUntil, facts.reminder === true);
  if (facts.email) await send.sendEmail(facts.email, notice.subject, notice.body);
  else if (facts.phone) {
    const phone = toE164(facts.phone);
    if (phone) await send.sendSms(phone, notice.sms);
  }
}
