/**
 * The client portal invitation (issue 12): a random 32-byte token (base64url) that only the e-mail
 * carries — the table keeps its SHA-256 — in the link's fragment (`/portal/invite#<token>`), so no
 * server or proxy logs it. The e-mail names the practice, the link and its expiry: no PHI (no
 * client name, clinician or specialty). Nothing about it is logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SITE_NAME } from '../../domain/runtime-config.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';

export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** SHA-256 (hex) of a token as the link carries it. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/portal/invite#${token}`;
}

export function clientInvitationText(facts: { practiceName: string | null; link: string; validUntil: string; siteName: string }): { subject: string; body: string } {
  const practice = facts.practiceName || 'Your practice';
  const until = new Date(facts.validUntil).toUTCString().replace('GMT', 'UTC');
  return {
    subject: `${practice} invites you to its client portal`,
    body: [
      `${practice} invites you to its client portal on ${facts.siteName}.`,
      '',
      `Accept the invitation here: ${facts.link}`,
      '',
      `The link works once and until ${until}. If you already have an account with us, accept with its password; otherwise you will choose a password.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}

export async function sendClientInvitation(
  to: string,
  facts: { practiceName: string | null; token: string; validUntil: string },
  send: Notifier = notifier(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const origin = env.PORTAL_ORIGIN ?? '';
  if (!origin) throw new Error('PORTAL_ORIGIN is not set');
  const text = clientInvitationText({ practiceName: facts.practiceName, link: invitationLink(origin, facts.token), validUntil: facts.validUntil, siteName: env.SITE_NAME || SITE_NAME });
  await send.sendEmail(to, text.subject, text.body);
}
