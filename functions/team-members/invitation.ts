/**
 * The team invitation (issue 19). Cognito's own invitation text is one template per pool and
 * cannot name the practice, so the user is created with MessageAction SUPPRESS and a temporary
 * password made here, and this e-mail goes by SES (locally the outbox): the practice's name, the
 * sign-in link, the username and the temporary password. No PHI. Nothing about it is logged.
 */
import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PASSWORD_POLICY } from '../../domain/identity.ts';
import { invitationText } from '../../domain/notices.ts';
import { settingsKey } from '../../domain/practice.ts';
import { SITE_NAME } from '../../domain/runtime-config.ts';
import { dynamo, table } from '../shared/aws.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;

/** A temporary password the pool accepts: 14 characters with an upper-case letter, a lower-case letter and a digit, unambiguous ones only. */
export function temporaryPassword(): string {
  const length = Math.max(14, PASSWORD_POLICY.minLength);
  const chars = [UPPER[randomInt(UPPER.length)], LOWER[randomInt(LOWER.length)], DIGITS[randomInt(DIGITS.length)]];
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** E-mails the invitation; the practice's name comes from its Practice details. */
export async function sendInvitation(
  practiceId: string,
  to: string,
  username: string,
  password: string,
  send: Notifier = notifier(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const details = (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: settingsKey(practiceId, 'PracticeDetails') })))?.Item;
  const name = (details?.data as { name?: unknown } | undefined)?.name;
  const origin = (env.PORTAL_ORIGIN ?? '').replace(/\/+$/, '');
  const text = invitationText({
    practiceName: typeof name === 'string' ? name : null,
    signInUrl: origin ? `${origin}/signin` : null,
    username,
    temporaryPassword: password,
    siteName: env.SITE_NAME || SITE_NAME,
  });
  await send.sendEmail(to, text.subject, text.body);
}
