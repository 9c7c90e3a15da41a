/** The client portal's pure rules: the Join link, what is upcoming, the invitation token, where sign-in returns, who is a client, what a clinician may do with access. */
import { describe, expect, it } from 'vitest';
import type { ClientAppointment } from '../../../web/src/client-portal/api';
import { joinLink, upcoming } from '../../../web/src/client-portal/home/appointments';
import { tokenFromHash } from '../../../web/src/client-portal/invite/api';
import { afterSignIn } from '../../../web/src/client-portal/paths';
import { isClientAccount, tokenGroups } from '../../../web/src/client-portal/session';
import { portalActions } from '../../../web/src/clients/portal-access-api';

const visit = (over: Partial<ClientAppointment> = {}): ClientAppointment => ({
  id: 'a1',
  practiceId: 'p1',
  practiceName: 'Owens Family Therapy',
  clinicianName: 'Olivia Owens',
  startTime: '2026-12-01T17:00:00.000Z',
  endTime: '2026-12-01T17:50:00.000Z',
  locationType: 'TELEHEALTH',
  status: 'SCHEDULED',
  videoUrl: '/public/video/room1/clin1',
  ...over,
});

describe('the Join link', () => {
  const ORIGIN = 'http://localhost:3000';
  it('is the telehealth visit’s public video link', () => {
    expect(joinLink(visit(), ORIGIN)).toBe('http://localhost:3000/public/video/room1/clin1');
    expect(joinLink(visit({ videoUrl: 'http://localhost:3000/public/video/r/c' }), ORIGIN)).toBe('http://localhost:3000/public/video/r/c');
    expect(joinLink(visit({ videoUrl: 'https://portal.example.com/public/video/r/c' }), ORIGIN)).toBe('https://portal.example.com/public/video/r/c');
  });
  it('is absent for an office visit, a cancelled one, or no link', () => {
    expect(joinLink(visit({ locationType: 'OFFICE' }), ORIGIN)).toBeNull();
    expect(joinLink(visit({ status: 'CANCELLED' }), ORIGIN)).toBeNull();
    expect(joinLink(visit({ status: 'LATE_CANCELLED' }), ORIGIN)).toBeNull();
    expect(joinLink(visit({ videoUrl: null }), ORIGIN)).toBeNull();
  });
  it('is never another scheme, a protocol-relative address or plain http elsewhere', () => {
    expect(joinLink(visit({ videoUrl: 'javascript:alert(1)' }), ORIGIN)).toBeNull();
    expect(joinLink(visit({ videoUrl: '//evil.example/x' }), ORIGIN)).toBeNull();
    expect(joinLink(visit({ videoUrl: 'http://plain.example/x' }), ORIGIN)).toBeNull();
  });
});

describe('upcoming appointments', () => {
  it('drops the ones that have ended and puts the soonest first', () => {
    const now = new Date('2026-12-01T17:30:00.000Z');
    const ended = visit({ id: 'old', startTime: '2026-11-30T17:00:00.000Z', endTime: '2026-11-30T17:50:00.000Z' });
    const later = visit({ id: 'later', startTime: '2026-12-08T17:00:00.000Z', endTime: '2026-12-08T17:50:00.000Z' });
    const now_on = visit({ id: 'now' });
    expect(upcoming([later, ended, now_on], now).map((a) => a.id)).toEqual(['now', 'later']);
  });
});

describe('the invitation token', () => {
  it('is the base64url fragment of the link', () => {
    const token = 'q3Z9_x-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    expect(tokenFromHash(`#${token}`)).toBe(token);
  });
  it('is null when missing, cut short or not base64url', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash('#abc')).toBeNull();
    expect(tokenFromHash('#abc def ghi jkl mno pqr')).toBeNull();
    expect(tokenFromHash('#<script>alert(1)</script>')).toBeNull();
  });
});

describe('after signing in', () => {
  it('returns to the portal page the client was sent from, else home', () => {
    expect(afterSignIn('/portal/profile')).toBe('/portal/profile');
    expect(afterSignIn(undefined)).toBe('/portal');
    expect(afterSignIn('/app/clients')).toBe('/portal');
    expect(afterSignIn('https://evil.example/portal/x')).toBe('/portal');
    expect(afterSignIn('/portal/signin')).toBe('/portal');
    expect(afterSignIn('/portal/invite')).toBe('/portal');
  });
});

describe('who is a client', () => {
  it('is a member of the Clients group in the ID token', () => {
    expect(isClientAccount(tokenGroups({ 'cognito:groups': ['Clients'] }))).toBe(true);
    expect(isClientAccount(tokenGroups({ 'cognito:groups': ['Therapists', 'Clients'] }))).toBe(true);
    expect(isClientAccount(tokenGroups({ 'cognito:groups': ['Therapists'] }))).toBe(false);
    expect(isClientAccount(tokenGroups({}))).toBe(false);
    expect(isClientAccount(tokenGroups(undefined))).toBe(false);
  });
});

describe('what the clinician may do with portal access', () => {
  it('invites when there is no live invitation or link; re-invites or revokes an open one; revokes an active one', () => {
    expect(portalActions('NOT_INVITED')).toEqual({ invite: true, reinvite: false, revoke: false });
    expect(portalActions('EXPIRED')).toEqual({ invite: true, reinvite: false, revoke: false });
    expect(portalActions('REVOKED')).toEqual({ invite: true, reinvite: false, revoke: false });
    expect(portalActions('INVITED')).toEqual({ invite: false, reinvite: true, revoke: true });
    expect(portalActions('ACTIVE')).toEqual({ invite: false, reinvite: false, revoke: true });
  });
});
