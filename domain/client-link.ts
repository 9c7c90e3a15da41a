/**
 * Client identity (issue 12, ARCHITECTURE §9): the rules of a client's access to a practice's
 * client portal, as pure functions shared by the Lambdas (functions/client-access,
 * functions/client-invitation, functions/client-self), the resolvers (authorizeClient) and the seed.
 *
 * Three records, each in one place (domain/tables.ts layout):
 *   - the access record, Practice table `P#<practice>` / `PortalAccess#<client>`: the state machine
 *     invited → active → revoked (re-invite from any state but active), with the e-mail the
 *     invitation went to, the times, the open invitation's token hash and, once accepted, the
 *     client's Cognito sub. What the clinician sees (getClientPortalAccess).
 *   - the invitation, Directory `CLIENTINVITE#<sha256(token)>` / `INVITE`: single use (open → used,
 *     or cancelled by a re-invite or a revocation), 7 days, kept a while after (TTL `expiresAt`,
 *     epoch seconds) so a reused link says "used" rather than "unknown". The token itself is never stored.
 *   - the link, Directory `CLIENTUSER#<sub>` / `LINK#<practice>#<client>` (state active|revoked):
 *     what the client principal is authorized from — one Query on its partition (authorizeClient).
 *   - the practice's portal settings, Directory `PORTAL#<practice>` / `PORTAL` (enabled, name,
 *     greeting, provider), read across practices by the client principal's authorize step.
 *
 * Imported by APPSYNC_JS resolvers: no classes, no try/catch, no regex, no while, no async.
 */

/** States of the access record (and of the link: active|revoked). */
export const LINK_STATES = { invited: 'invited', active: 'active', revoked: 'revoked' } as const;
export type LinkState = (typeof LINK_STATES)[keyof typeof LINK_STATES];

/** The API's view of the access record (schema.graphql ClientPortalState). */
export type PortalState = 'NOT_INVITED' | 'INVITED' | 'EXPIRED' | 'ACTIVE' | 'REVOKED';

/** An invitation is valid this long. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A spent or expired invitation is kept this long after its expiry (then the table's TTL removes it). */
export const INVITATION_KEEP_DAYS = 30;

/** Refusals a caller sees (the spec has no words for these; written for this product). */
export const CLIENT_PORTAL_MESSAGES = {
  invitationUnknown: 'This invitation link is not valid. Ask your practice to send a new invitation.',
  invitationExpired: 'This invitation link has expired. Ask your practice to send a new invitation.',
  invitationUsed: 'This invitation link has already been used. Sign in to the client portal with your e-mail and password.',
  noEmail: "Add the client's e-mail address to their record before inviting them to the client portal.",
  alreadyActive: 'This client already has access to the client portal.',
  notInvited: 'This client has not been invited to the client portal.',
  portalDisabled: 'Turn the client portal on in Settings → Client Portal before inviting clients.',
  wrongPassword: 'This e-mail already has an account. Enter the password of that account to accept the invitation.',
  passwordPolicy: 'The password needs at least 8 characters with an upper-case letter, a lower-case letter and a number.',
  portalNameRequired: 'Enter a name for the client portal.',
  portalTextTooLong: 'The portal name has at most 100 characters and the greeting at most 1,000.',
  providerNotFound: 'Choose a clinician of the practice.',
  preferredChannel: 'Choose e-mail or text messages.',
  phone: 'Enter a valid phone number.',
} as const;

export interface PortalAccessRecord {
  practiceId: string;
  clientId: string;
  state: LinkState;
  email?: string | null;
  invitedAt?: string | null;
  /** ISO time the open invitation expires. */
  expiresAt?: string | null;
  acceptedAt?: string | null;
  revokedAt?: string | null;
  /** sha256 (hex) of the open invitation's token; null once accepted or revoked. */
  tokenHash?: string | null;
  /** The client's Cognito sub, once an invitation was accepted. */
  clientSub?: string | null;
  invitedBy?: string | null;
  /** Optimistic concurrency: bumped by every change. */
  version?: number;
}

export interface InvitationRecord {
  practiceId: string;
  clientId: string;
  email: string;
  /** open → used; cancelled when a newer invitation replaces it or access is revoked. */
  state: 'open' | 'used' | 'cancelled';
  invitedAt: string;
  /** ISO time it expires. */
  validUntil: string;
}

export type InvitationStatus = 'open' | 'expired' | 'used' | 'unknown';

// ---- keys

export function portalAccessKey(practiceId: string, clientId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'PortalAccess#' + clientId };
}

export function clientLinksPartition(sub: string): string {
  return 'CLIENTUSER#' + sub;
}

export function clientLinkKey(sub: string, practiceId: string, clientId: string): { PK: string; SK: string } {
  return { PK: clientLinksPartition(sub), SK: 'LINK#' + practiceId + '#' + clientId };
}

/** The client's last sign-out (signedOutAt, signedOutSessions: resolvers/shared/session-end.ts), beside their links. */
export function clientSessionKey(sub: string): { PK: string; SK: string } {
  return { PK: clientLinksPartition(sub), SK: 'SESSION' };
}

export function invitationKey(tokenHash: string): { PK: string; SK: string } {
  return { PK: 'CLIENTINVITE#' + tokenHash, SK: 'INVITE' };
}

export function clientPortalKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'PORTAL#' + practiceId, SK: 'PORTAL' };
}

// ---- the state machine

function before(a: string, b: string): boolean {
  return new Date(a).getTime() <= new Date(b).getTime();
}

/** The access record as the API names its state; an invitation past its expiry is EXPIRED. */
export function portalState(record: PortalAccessRecord | null | undefined, nowIso: string): PortalState {
  if (!record || !record.state) {
    return 'NOT_INVITED';
  }
  if (record.state === LINK_STATES.active) {
    return 'ACTIVE';
  }
  if (record.state === LINK_STATES.revoked) {
    return 'REVOKED';
  }
  if (record.expiresAt && before(record.expiresAt, nowIso)) {
    return 'EXPIRED';
  }
  return 'INVITED';
}

/** ClientPortalAccess as the API returns it. */
export function toPortalAccess(clientId: string, record: PortalAccessRecord | null | undefined, nowIso: string): Record<string, unknown> {
  const r = record || ({} as Partial<PortalAccessRecord>);
  return {
    clientId: clientId,
    state: portalState(record, nowIso),
    email: r.email || null,
    invitedAt: r.invitedAt || null,
    expiresAt: r.state === LINK_STATES.invited ? r.expiresAt || null : null,
    acceptedAt: r.acceptedAt || null,
    revokedAt: r.revokedAt || null,
  };
}

/** When an invitation made at `nowIso` expires. */
export function invitationExpiry(nowIso: string): string {
  return new Date(new Date(nowIso).getTime() + INVITATION_DAYS * DAY_MS).toISOString();
}

/** The table TTL (epoch seconds) of an invitation item: some days after its expiry. */
export function invitationTtl(validUntil: string): number {
  return Math.floor((new Date(validUntil).getTime() + INVITATION_KEEP_DAYS * DAY_MS) / 1000);
}

export type InviteOutcome = { ok: true; record: PortalAccessRecord; replacedTokenHash: string | null } | { ok: false; refusal: 'noEmail' | 'alreadyActive' };

/**
 * Invite or re-invite: from nothing, an open or expired invitation, or a revoked access → invited,
 * with a new token hash and expiry (the earlier invitation, if open, is to be cancelled). An active
 * client is not invited again; a client without an e-mail cannot be.
 */
export function invite(current: PortalAccessRecord | null | undefined, input: { practiceId: string; clientId: string; email: string | null | undefined; tokenHash: string; now: string; by: string }): InviteOutcome {
  if (current && current.state === LINK_STATES.active) {
    return { ok: false, refusal: 'alreadyActive' };
  }
  if (!input.email) {
    return { ok: false, refusal: 'noEmail' };
  }
  const previous = current || null;
  return {
    ok: true,
    replacedTokenHash: previous && previous.state === LINK_STATES.invited && previous.tokenHash ? previous.tokenHash : null,
    record: {
      practiceId: input.practiceId,
      clientId: input.clientId,
      state: LINK_STATES.invited,
      email: input.email,
      invitedAt: input.now,
      expiresAt: invitationExpiry(input.now),
      acceptedAt: null,
      revokedAt: null,
      tokenHash: input.tokenHash,
      clientSub: previous ? previous.clientSub || null : null,
      invitedBy: input.by,
      version: previous ? (previous.version || 0) + 1 : 1,
    },
  };
}

/** The invitation a token opens, as the public routes judge it. */
export function invitationStatus(invitation: InvitationRecord | null | undefined, nowIso: string): InvitationStatus {
  if (!invitation) {
    return 'unknown';
  }
  if (invitation.state === 'used') {
    return 'used';
  }
  if (invitation.state !== 'open') {
    return 'unknown';
  }
  if (before(invitation.validUntil, nowIso)) {
    return 'expired';
  }
  return 'open';
}

/** The message of a refused invitation status. */
export function invitationRefusal(status: InvitationStatus): string {
  if (status === 'expired') {
    return CLIENT_PORTAL_MESSAGES.invitationExpired;
  }
  if (status === 'used') {
    return CLIENT_PORTAL_MESSAGES.invitationUsed;
  }
  return CLIENT_PORTAL_MESSAGES.invitationUnknown;
}

export type AcceptOutcome = { ok: true; record: PortalAccessRecord } | { ok: false; status: InvitationStatus };

/**
 * Accepting an open invitation whose token hash is the access record's current one → active, bound
 * to the account `sub`. Anything else (spent, expired, replaced, revoked meanwhile) is refused.
 */
export function accept(record: PortalAccessRecord | null | undefined, invitation: InvitationRecord | null | undefined, tokenHash: string, sub: string, nowIso: string): AcceptOutcome {
  const status = invitationStatus(invitation, nowIso);
  if (status !== 'open') {
    return { ok: false, status: status };
  }
  if (!record || record.state !== LINK_STATES.invited || record.tokenHash !== tokenHash) {
    return { ok: false, status: 'unknown' };
  }
  if (record.expiresAt && before(record.expiresAt, nowIso)) {
    return { ok: false, status: 'expired' };
  }
  return {
    ok: true,
    record: {
      practiceId: record.practiceId,
      clientId: record.clientId,
      state: LINK_STATES.active,
      email: record.email,
      invitedAt: record.invitedAt,
      expiresAt: null,
      acceptedAt: nowIso,
      revokedAt: null,
      tokenHash: null,
      clientSub: sub,
      invitedBy: record.invitedBy || null,
      version: (record.version || 0) + 1,
    },
  };
}

export type RevokeOutcome = { ok: true; record: PortalAccessRecord; cancelledTokenHash: string | null; changed: boolean } | { ok: false; refusal: 'notInvited' };

/** Revoking: an invitation (open or expired) or an active access → revoked. Revoked stays revoked. */
export function revoke(record: PortalAccessRecord | null | undefined, nowIso: string): RevokeOutcome {
  if (!record || !record.state) {
    return { ok: false, refusal: 'notInvited' };
  }
  if (record.state === LINK_STATES.revoked) {
    return { ok: true, record: record, cancelledTokenHash: null, changed: false };
  }
  return {
    ok: true,
    changed: true,
    cancelledTokenHash: record.state === LINK_STATES.invited && record.tokenHash ? record.tokenHash : null,
    record: {
      practiceId: record.practiceId,
      clientId: record.clientId,
      state: LINK_STATES.revoked,
      email: record.email,
      invitedAt: record.invitedAt,
      expiresAt: null,
      acceptedAt: record.acceptedAt || null,
      revokedAt: nowIso,
      tokenHash: null,
      clientSub: record.clientSub || null,
      invitedBy: record.invitedBy || null,
      version: (record.version || 0) + 1,
    },
  };
}

// ---- the client principal

export interface ClientLinkItem {
  practiceId?: string;
  clientId?: string;
  state?: string;
}

export interface LinkRef {
  practiceId: string;
  clientId: string;
}

/** The practices a client's active links point to (each once). */
export function activeLinks(items: ClientLinkItem[] | null | undefined): LinkRef[] {
  const out: LinkRef[] = [];
  (items || []).forEach((item) => {
    if (item && item.state === LINK_STATES.active && item.practiceId && item.clientId) {
      out.push({ practiceId: item.practiceId, clientId: item.clientId });
    }
  });
  return out;
}

/** Whether (practiceId, clientId) is one of the links; clientId may be omitted to ask about the practice only. */
export function hasLink(links: LinkRef[] | null | undefined, practiceId: unknown, clientId?: unknown): boolean {
  if (typeof practiceId !== 'string' || practiceId.length === 0) {
    return false;
  }
  return (links || []).some((l) => l.practiceId === practiceId && (clientId === undefined || l.clientId === clientId));
}

/** The link of a practice, or null. */
export function linkOf(links: LinkRef[] | null | undefined, practiceId: unknown): LinkRef | null {
  const found = (links || []).filter((l) => l.practiceId === practiceId);
  return found.length > 0 ? found[0] : null;
}

/** Contact channels a client may prefer (the client record's communication setting). */
export const PREFERRED_CHANNELS = ['email', 'sms'];
