import { describe, expect, it } from 'vitest';
import { isAllowedUser, sessionUserFromClaims } from '../../../web/src/auth/identity';

const NOW = new Date('2026-11-22T00:00:00Z');

describe('the signed-in user from the ID token', () => {
  it('reads groups, team roles and owner, premium and trial as the spec defines them', () => {
    const user = sessionUserFromClaims(
      {
        sub: 'u1',
        email: 'a@example.com',
        'cognito:groups': ['TeamMembers'],
        'custom:teamRoles': 'biller, scheduler',
        'custom:teamOwnerId': 'owner-1',
        'custom:subscriptionDue': '2026-12-01T00:00:00Z',
        'custom:isOnTrial': '1',
      },
      NOW,
    );
    expect(user).toEqual({ userId: 'u1', email: 'a@example.com', groups: ['TeamMembers'], teamRoles: ['biller', 'scheduler'], teamOwnerId: 'owner-1', premium: true, trial: 1 });
    expect(isAllowedUser(user)).toBe(true);
  });

  it('is not premium once the subscription is due, nor without one; a missing trial is 0', () => {
    expect(sessionUserFromClaims({ sub: 'u', 'custom:subscriptionDue': '2026-11-01T00:00:00Z' }, NOW).premium).toBe(false);
    const bare = sessionUserFromClaims({ sub: 'u' }, NOW);
    expect(bare).toMatchObject({ premium: false, trial: 0, teamRoles: [], teamOwnerId: null, groups: [] });
    expect(isAllowedUser(bare)).toBe(false);
  });
});
