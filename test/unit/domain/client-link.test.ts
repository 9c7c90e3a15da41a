/** The client portal's link and invitation rules (issue 12): the state machine, expiry, single use, re-invite, revoke. */
import { describe, expect, it } from 'vitest';
import {
  accept,
  activeLinks,
  CLIENT_PORTAL_MESSAGES,
  hasLink,
  invitationRefusal,
  invitationStatus,
  invitationTtl,
  invite,
  portalState,
  revoke,
  toPortalAccess,
  type InvitationRecord,
  type PortalAccessRecord,
} from '../../../domain/client-link.ts';

const NOW = '2026-11-26T12:00:00.000Z';
const LATER = (days: number) => new Date(Date.parse(NOW) + days * 86400_000).toISOString();
const base = { practiceId: 'p1', clientId: 'c1', email: 'ana@example.com', now: NOW, by: 'owner-sub' };

function invited(tokenHash = 'h1'): PortalAccessRecord {
  const out = invite(null, { ...base, tokenHash });
  if (!out.ok) throw new Error('refused');
  return out.record;
}
function openInvitation(record: PortalAccessRecord): InvitationRecord {
  return { practiceId: record.practiceId, clientId: record.clientId, email: record.email as string, state: 'open', invitedAt: record.invitedAt as string, validUntil: record.expiresAt as string };
}

describe('invite', () => {
  it('makes an invitation valid for 7 days; no record is NOT_INVITED', () => {
    expect(portalState(null, NOW)).toBe('NOT_INVITED');
    const record = invited();
    expect(record).toMatchObject({ state: 'invited', email: 'ana@example.com', invitedAt: NOW, expiresAt: LATER(7), tokenHash: 'h1', version: 1 });
    expect(portalState(record, LATER(6.99))).toBe('INVITED');
    expect(portalState(record, LATER(7))).toBe('EXPIRED');
    expect(toPortalAccess('c1', record, LATER(8))).toMatchObject({ state: 'EXPIRED', expiresAt: LATER(7) });
  });

  it('refuses a client without an e-mail and an active client', () => {
    expect(invite(null, { ...base, email: null, tokenHash: 'h' })).toEqual({ ok: false, refusal: 'noEmail' });
    const active = accept(invited(), openInvitation(invited()), 'h1', 'sub-1', NOW);
    expect(active.ok).toBe(true);
    if (active.ok) expect(invite(active.record, { ...base, tokenHash: 'h2' })).toEqual({ ok: false, refusal: 'alreadyActive' });
  });

  it('re-inviting replaces the open invitation (its hash is to be cancelled) and bumps the version', () => {
    const again = invite(invited('h1'), { ...base, tokenHash: 'h2', now: LATER(1) });
    expect(again).toMatchObject({ ok: true, replacedTokenHash: 'h1', record: { tokenHash: 'h2', expiresAt: LATER(8), version: 2 } });
  });

  it('re-inviting a revoked client starts a new invitation and keeps the account it was linked to', () => {
    const active = accept(invited(), openInvitation(invited()), 'h1', 'sub-1', NOW);
    if (!active.ok) throw new Error('refused');
    const revoked = revoke(active.record, LATER(1));
    if (!revoked.ok) throw new Error('refused');
    const again = invite(revoked.record, { ...base, tokenHash: 'h3', now: LATER(2) });
    expect(again).toMatchObject({ ok: true, replacedTokenHash: null, record: { state: 'invited', clientSub: 'sub-1', revokedAt: null, tokenHash: 'h3' } });
  });
});

describe('accept', () => {
  it('turns an open invitation into an active link bound to the account; the token hash is dropped', () => {
    const record = invited();
    const out = accept(record, openInvitation(record), 'h1', 'sub-1', LATER(1));
    expect(out).toMatchObject({ ok: true, record: { state: 'active', clientSub: 'sub-1', acceptedAt: LATER(1), tokenHash: null, expiresAt: null, version: 2 } });
    if (out.ok) expect(portalState(out.record, LATER(100))).toBe('ACTIVE');
  });

  it('refuses an expired, used, cancelled, unknown or replaced invitation', () => {
    const record = invited();
    const invitation = openInvitation(record);
    expect(accept(record, invitation, 'h1', 's', LATER(7))).toEqual({ ok: false, status: 'expired' });
    expect(accept(record, { ...invitation, state: 'used' }, 'h1', 's', NOW)).toEqual({ ok: false, status: 'used' });
    expect(accept(record, { ...invitation, state: 'cancelled' }, 'h1', 's', NOW)).toEqual({ ok: false, status: 'unknown' });
    expect(accept(record, null, 'h1', 's', NOW)).toEqual({ ok: false, status: 'unknown' });
    // The record now names a newer token: the older one no longer opens it.
    expect(accept({ ...record, tokenHash: 'h2' }, invitation, 'h1', 's', NOW)).toEqual({ ok: false, status: 'unknown' });
    // Revoked meanwhile.
    expect(accept({ ...record, state: 'revoked' }, invitation, 'h1', 's', NOW)).toEqual({ ok: false, status: 'unknown' });
  });

  it('is single use: once spent, the same invitation says used', () => {
    expect(invitationStatus({ ...openInvitation(invited()), state: 'used' }, NOW)).toBe('used');
    expect(invitationRefusal('used')).toBe(CLIENT_PORTAL_MESSAGES.invitationUsed);
    expect(invitationRefusal('expired')).toBe(CLIENT_PORTAL_MESSAGES.invitationExpired);
    expect(invitationRefusal('unknown')).toBe(CLIENT_PORTAL_MESSAGES.invitationUnknown);
  });

  it('keeps a spent or expired invitation 30 days past its expiry (table TTL, epoch seconds)', () => {
    expect(invitationTtl(LATER(7))).toBe(Date.parse(LATER(37)) / 1000);
  });
});

describe('revoke', () => {
  it('revokes an invitation (its hash to be cancelled) or an active link; revoked stays revoked; nothing to revoke is refused', () => {
    const record = invited();
    expect(revoke(record, LATER(1))).toMatchObject({ ok: true, changed: true, cancelledTokenHash: 'h1', record: { state: 'revoked', revokedAt: LATER(1), tokenHash: null } });
    const active = accept(record, openInvitation(record), 'h1', 'sub-1', NOW);
    if (!active.ok) throw new Error('refused');
    const out = revoke(active.record, LATER(2));
    expect(out).toMatchObject({ ok: true, changed: true, cancelledTokenHash: null, record: { state: 'revoked', clientSub: 'sub-1', acceptedAt: NOW } });
    if (out.ok) {
      expect(portalState(out.record, LATER(3))).toBe('REVOKED');
      expect(revoke(out.record, LATER(3))).toMatchObject({ ok: true, changed: false });
    }
    expect(revoke(null, NOW)).toEqual({ ok: false, refusal: 'notInvited' });
  });
});

describe('the client principal’s links', () => {
  it('keeps only active links and checks (practice, client) pairs against them', () => {
    const links = activeLinks([
      { practiceId: 'p1', clientId: 'c1', state: 'active' },
      { practiceId: 'p2', clientId: 'c2', state: 'revoked' },
      { practiceId: 'p3', state: 'active' },
    ]);
    expect(links).toEqual([{ practiceId: 'p1', clientId: 'c1' }]);
    expect(hasLink(links, 'p1', 'c1')).toBe(true);
    expect(hasLink(links, 'p1')).toBe(true);
    expect(hasLink(links, 'p1', 'c2')).toBe(false);
    expect(hasLink(links, 'p2', 'c2')).toBe(false);
    expect(hasLink(links, { practiceId: 'p1' })).toBe(false);
  });
});
