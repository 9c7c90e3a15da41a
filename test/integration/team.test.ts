/**
 * Team members against the whole local runtime: the owner adds a biller (Cognito user in
 * TeamMembers, temporary password through the outbox), the biller signs in (NEW_PASSWORD_REQUIRED →
 * new password → TOTP setup) and is a biller; an edit of roles applies on their next request; a
 * removal makes the next request Unauthorized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import { graphql } from '../support/graphql.ts';
import { cognitoClient, enrolAuthenticator, signInSeeded, signInWithTotp } from '../support/cognito-sdk.ts';
import { MFA_REQUIRED_MESSAGE } from '../../domain/mfa.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
async function call(token: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, token, query, variables);
  return body;
}

const MEMBER = 'id cognitoId teamOwnerId firstName lastName email grantedRoles licenseType licenseNo licenseExpires npiNo specialty';
const ADD = `mutation ($d: MemberDetailInput!, $r: [String!]!, $c: ClinicianInfoInput) { addTeamMember(memberDetail: $d, grantedRoles: $r, clinicianInfo: $c) { ${MEMBER} } }`;
const EDIT = `mutation ($id: ID!, $d: MemberDetailInput!, $r: [String!]!, $c: ClinicianInfoInput) { editTeamMember(id: $id, memberDetail: $d, grantedRoles: $r, clinicianInfo: $c) { ${MEMBER} } }`;
const EMAIL = 'new.biller@team.practiceportal.test';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  for (const who of ['owner', 'admin', 'basic']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await runtime?.stop();
});

/**
 * First sign-in of an invited user: temporary password → new password → tokens without a factor
 * (the pool is MFA OPTIONAL), which the API refuses, with either token kind, until an authenticator
 * is enrolled; then the sign-in with its code.
 */
async function firstSignIn(email: string, temporary: string, password: string) {
  const client = cognitoClient(runtime.url);
  const first = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: LOCAL_USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: temporary } }));
  expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const second = await client.send(new RespondToAuthChallengeCommand({
    ClientId: LOCAL_USER_POOL_CLIENT_ID, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: first.Session, ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
  }));
  expect(second.ChallengeName).toBeUndefined();
  const unenrolled = second.AuthenticationResult!;
  for (const token of [unenrolled.AccessToken!, unenrolled.IdToken!]) {
    for (const query of ['{ me { id } }', '{ getClients { nextToken } }']) {
      const refused = await call(token, query);
      expect(refused.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: MFA_REQUIRED_MESSAGE });
    }
  }
  const totp = await enrolAuthenticator(runtime.url, unenrolled.AccessToken!);
  // The tokens from before the enrolment are refused still: the mark comes with the next token.
  expect((await call(unenrolled.AccessToken!, '{ me { id } }')).errors?.[0].message).toBe(MFA_REQUIRED_MESSAGE);
  const done = await signInWithTotp(runtime.url, email, password, totp);
  return { AccessToken: done.accessToken, IdToken: done.idToken };
}

describe('team members', () => {
  let billerId = '';
  let billerToken = '';

  it('lists the seeded team of the caller’s practice', async () => {
    const out = await call(tokens.owner, `{ listTeamMembers { items { ${MEMBER} } nextToken } }`);
    expect(out.errors).toBeUndefined();
    const emails = out.data.listTeamMembers.items.map((m: { email: string }) => m.email);
    expect(emails).toEqual(expect.arrayContaining(['owner@demo.practiceportal.test', 'biller@demo.practiceportal.test']));
    expect(out.data.listTeamMembers.items.every((m: { teamOwnerId: string }) => m.teamOwnerId === runtime.seed!.practiceId)).toBe(true);
  });

  it('refuses bad input by field name and the owner role', async () => {
    const out = await call(tokens.owner, ADD, { d: { firstName: 'B', lastName: '', email: 'nope' }, r: ['owner'] });
    expect(out.errors?.[0].errorType).toBe('ValidationError');
    expect(out.errors?.[0].message).toContain('grantedRoles');
    expect(out.errors?.[0].message).not.toContain('nope');
  });

  it('adds a biller who signs in with the e-mailed temporary password and is a biller', async () => {
    // The invitation names the practice (issue 19): give it a name first.
    const practice = `Cedar Therapy ${Date.now().toString(36)}`;
    const details = await call(tokens.owner, 'query { getPracticeDetails { version } }');
    await call(tokens.owner, 'mutation ($version: Int!, $input: PracticeDetailsInput!) { editPracticeDetails(version: $version, input: $input) { version } }', {
      version: details.data.getPracticeDetails.version,
      input: { name: practice },
    });
    const out = await call(tokens.owner, ADD, { d: { firstName: 'Bea', lastName: 'Biller', email: EMAIL }, r: ['biller'], c: { licenseType: 'CPC', licenseExpires: '2030-01-31' } });
    expect(out.errors).toBeUndefined();
    billerId = out.data.addTeamMember.id;
    expect(out.data.addTeamMember).toMatchObject({ email: EMAIL, grantedRoles: ['biller'], teamOwnerId: runtime.seed!.practiceId, licenseType: 'CPC', licenseExpires: '2030-01-31' });
    const again = await call(tokens.admin, ADD, { d: { firstName: 'Bea', lastName: 'Biller', email: EMAIL }, r: ['biller'] });
    expect(again.errors?.[0].errorType).toBe('ConflictError');
    const invite = runtime.outbox.latestTo(EMAIL, 'email');
    expect(invite?.code).toBeTruthy();
    // It names the practice, the sign-in link, the username and the temporary password; nothing else about anyone.
    expect(invite!.subject).toContain(practice);
    for (const line of [practice, `${runtime.url}/signin`, `Username: ${EMAIL}`, `Temporary password: ${invite!.code}`]) expect(invite!.body).toContain(line);
    expect(invite!.body).not.toContain('Bea');
    const session = await firstSignIn(EMAIL, invite!.code!, 'NewBiller1x');
    billerToken = session.AccessToken;
    const me = await call(billerToken, '{ me { id roles practiceId groups } }');
    expect(me.data.me).toMatchObject({ id: billerId, roles: ['biller'], practiceId: runtime.seed!.practiceId });
    const idClaims = JSON.parse(Buffer.from(session.IdToken.split('.')[1], 'base64url').toString());
    expect(idClaims['custom:teamRoles']).toBe('biller');
    expect(idClaims['cognito:groups']).toContain('TeamMembers');
  });

  it('a clinician cannot manage the team; another practice’s id is missing', async () => {
    expect((await call(tokens.basic, ADD, { d: { firstName: 'X', lastName: 'Y', email: 'x@y.example' }, r: ['biller'] })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call(tokens.owner, EDIT, { id: 'not-a-member', d: { firstName: 'X', lastName: 'Y', email: 'x@y.example' }, r: ['biller'] })).errors?.[0].errorType).toBe('NotFound');
    const owner = await call(tokens.admin, 'mutation ($id: ID!) { removeTeamMember(id: $id) { status } }', { id: runtime.seed!.practiceId });
    expect(owner.errors?.[0].errorType).toBe('ValidationError');
  });

  it('edited roles apply on the next request; removal makes the next request Unauthorized', async () => {
    expect((await call(billerToken, '{ getClients { nextToken } }')).errors).toBeUndefined();
    const edited = await call(tokens.admin, EDIT, { id: billerId, d: { firstName: 'Bea', lastName: 'Biller', email: EMAIL }, r: ['supervisor'] });
    expect(edited.errors).toBeUndefined();
    expect(edited.data.editTeamMember.grantedRoles).toEqual(['supervisor']);
    expect((await call(billerToken, '{ me { roles } }')).data.me.roles).toEqual(['supervisor']);
    expect((await call(billerToken, '{ getClients { nextToken } }')).errors?.[0].errorType).toBe('Unauthorized');
    const removed = await call(tokens.owner, 'mutation ($id: ID!) { removeTeamMember(id: $id) { id status } }', { id: billerId });
    expect(removed.errors).toBeUndefined();
    expect((await call(billerToken, '{ me { id } }')).errors?.[0].errorType).toBe('Unauthorized');
    const list = await call(tokens.owner, `{ listTeamMembers { items { id } } }`);
    expect(list.data.listTeamMembers.items.map((m: { id: string }) => m.id)).not.toContain(billerId);
  });
});

describe('user status, account activity and the audit trail', () => {
  it('checkUserStatus tells an invitable e-mail from an existing account and a member of the practice', async () => {
    const q = 'mutation ($e: String!) { checkUserStatus(email: $e) { email exists status enabled inPractice } }';
    expect((await call(tokens.owner, q, { e: 'Biller@Demo.PracticePortal.test' })).data.checkUserStatus).toEqual({
      email: 'biller@demo.practiceportal.test', exists: true, status: 'CONFIRMED', enabled: true, inPractice: true,
    });
    expect((await call(tokens.owner, q, { e: 'nobody@nowhere.practiceportal.test' })).data.checkUserStatus).toMatchObject({ exists: false, status: 'NOT_FOUND', inPractice: false });
    expect((await call(tokens.owner, q, { e: 'not an email' })).errors?.[0].errorType).toBe('ValidationError');
    expect((await call(tokens.basic, q, { e: 'x@y.example' })).errors?.[0].errorType).toBe('Unauthorized');
  });

  it('account activity lists sign-ins and sign-outs newest first; the audit trail is the owner’s, without values', async () => {
    await call(tokens.basic, 'mutation { logUserAuthEvent(event: LOGIN_SUCCESS) { at } }');
    await call(tokens.admin, 'mutation { logUserAuthEvent(event: LOGOUT) { at } }');
    const activity = await call(tokens.admin, '{ listAccountActivity { items { practiceId userId event at } nextToken } }');
    expect(activity.errors).toBeUndefined();
    const events = activity.data.listAccountActivity.items;
    expect(events[0]).toMatchObject({ event: 'LOGOUT', practiceId: runtime.seed!.practiceId });
    expect(events.map((e: { event: string }) => e.event)).toContain('LOGIN_SUCCESS');
    expect([...events].sort((a: { at: string }, b: { at: string }) => b.at.localeCompare(a.at))).toEqual(events);
    expect((await call(tokens.admin, '{ listAuditTrail { nextToken } }')).errors?.[0].errorType).toBe('Unauthorized');
    const trail = await call(tokens.owner, '{ listAuditTrail { items { at actor action entityType entityId entityIds field } nextToken } }');
    expect(trail.errors).toBeUndefined();
    expect(trail.data.listAuditTrail.items.length).toBeGreaterThan(0);
    expect(trail.data.listAuditTrail.items.length).toBeLessThanOrEqual(20);
    expect(trail.data.listAuditTrail.items.map((i: { action: string }) => i.action)).toEqual(expect.arrayContaining(['team.remove']));
    expect(JSON.stringify(trail.data)).not.toContain('Bea');
  });
});
