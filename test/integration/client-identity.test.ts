/**
 * Client identity (issue 12) against the whole local runtime: the clinician invites a client to the
 * client portal, the invitation e-mail (outbox) carries the practice and a single-use link only, the
 * client accepts with a new account or an existing pool account's password, then reads their own
 * practices and upcoming appointments as the client principal; expired, reused and replaced links
 * are refused with nothing written; revocation cuts the client off on the next request; clients and
 * clinicians cannot call each other's fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteItemCommand, GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { validateAppointmentInput } from '../../domain/appointment/input.ts';
import { occurrenceItem } from '../../functions/appointments/occurrence.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { clientLinksPartition, CLIENT_PORTAL_MESSAGES, invitationKey } from '../../domain/client-link.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, passwordOnlySignIn, signInSeeded } from '../support/cognito-sdk.ts';
import { firstClientSignIn as firstClientSignInAs, inviteClient, publicCall } from '../support/client-portal.ts';

let runtime: Runtime;
let owner = '';
let basic = '';
let demoClient = '';

const DIRECTORY = tableName('local', 'Directory');
const ACCESS = 'clientId state email invitedAt expiresAt acceptedAt revokedAt';
const INVITE = `mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { ${ACCESS} } }`;
const GET_ACCESS = `query ($c: ID!) { getClientPortalAccess(clientId: $c) { ${ACCESS} } }`;
const REVOKE = `mutation ($c: ID!) { revokeClientPortalAccess(clientId: $c) { ${ACCESS} } }`;
const ME = '{ clientMe { email practices { practiceId clientId practiceName portalName greeting firstName lastName phone email preferredChannel } } }';
const APPTS = 'query ($t: String) { clientAppointments(nextToken: $t) { items { id practiceId practiceName clinicianName startTime endTime locationType status videoUrl } nextToken } }';

async function call(token: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, token, query, variables);
  return body;
}

const rest = (path: string, body: unknown) => publicCall(runtime, path, body);

async function addClient(first: string, email: string | null) {
  const input = { personalDetail: { first, last: 'Portal' }, dateOfBirth: '03/04/1991', ...(email ? { contact: { email } } : {}), communicationSetting: { email: true } };
  const out = await call(owner, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input });
  expect(out.errors).toBeUndefined();
  return out.data.addClient.id as string;
}

/** Invites and returns the token from the outbox e-mail's link. */
const inviteAndToken = (clientId: string, email: string) => inviteClient(runtime, owner, clientId, email);
const firstClientSignIn = (email: string, password: string) => firstClientSignInAs(runtime, email, password);

async function linksOf(email: string) {
  const user = await runtime.cognito.admin.getUser(email);
  if (!user) return [];
  const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: DIRECTORY, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': clientLinksPartition(user.sub) }) }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  [owner, basic, demoClient] = await Promise.all(
    ['owner@demo.practiceportal.test', 'basic@demo.practiceportal.test', DEMO_CLIENT.email].map(async (e) => (await signInSeeded(runtime.url, e, DEMO_PASSWORD)).accessToken),
  );
});
afterAll(async () => {
  await runtime?.stop();
});

describe('the seeded demo client', () => {
  it('signs in (group Clients) and sees the demo practice and its upcoming telehealth sessions with their video links', async () => {
    const me = await call(demoClient, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data.clientMe.email).toBe(DEMO_CLIENT.email);
    expect(me.data.clientMe.practices).toHaveLength(1);
    expect(me.data.clientMe.practices[0]).toMatchObject({ practiceId: runtime.seed!.practiceId, practiceName: 'Owens Family Therapy', portalName: 'Owens Family Therapy — client portal', firstName: 'Taylor', lastName: 'Brooks', preferredChannel: 'email' });
    const appts = await call(demoClient, APPTS);
    expect(appts.errors).toBeUndefined();
    const items = appts.data.clientAppointments.items;
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((a: any) => a.locationType === 'TELEHEALTH' && a.videoUrl.startsWith(`${runtime.url}/public/video/`) && a.startTime > new Date().toISOString())).toBe(true);
    expect(items.map((a: any) => a.startTime)).toEqual([...items.map((a: any) => a.startTime)].sort());
  });

  it('cannot call clinician fields, and clinicians cannot call client fields', async () => {
    for (const q of ['{ me { id } }', '{ getClients { nextToken } }']) expect((await call(demoClient, q)).errors?.[0].errorType).toBe('Unauthorized');
    for (const token of [owner, basic]) expect((await call(token, ME)).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('invitation and acceptance', () => {
  const NEW_EMAIL = 'new.client@portal.practiceportal.test';
  let clientId = '';
  let token = '';
  let newClient = '';

  it('invites: the e-mail names the practice and a single-use link, and nothing about the client', async () => {
    clientId = await addClient('Quinn', NEW_EMAIL);
    expect((await call(owner, GET_ACCESS, { c: clientId })).data.getClientPortalAccess.state).toBe('NOT_INVITED');
    token = await inviteAndToken(clientId, NEW_EMAIL);
    const mail = runtime.outbox.latestTo(NEW_EMAIL, 'email')!;
    expect(mail.subject).toContain('Owens Family Therapy');
    expect(mail.body).toContain(`${runtime.url}/portal/invite#${token}`);
    expect(`${mail.subject} ${mail.body}`).not.toMatch(/Quinn|Portal,|Olivia|Owens,|1991/);
    const access = (await call(owner, GET_ACCESS, { c: clientId })).data.getClientPortalAccess;
    expect(access).toMatchObject({ clientId, state: 'INVITED', email: NEW_EMAIL, acceptedAt: null });
    expect(Date.parse(access.expiresAt) - Date.parse(access.invitedAt)).toBe(7 * 24 * 3600_000);
    // Only the token's hash is stored.
    const stored = await runtime.dynamo.client.send(new GetItemCommand({ TableName: DIRECTORY, Key: marshall(invitationKey(createHash('sha256').update(token).digest('hex'))) }));
    expect(JSON.stringify(stored.Item)).not.toContain(token);
  });

  it('tells the link’s practice and e-mail; a weak password is refused and creates nothing', async () => {
    expect(await rest('clientInvitation', { token })).toEqual({ status: 200, body: { practiceName: 'Owens Family Therapy', email: NEW_EMAIL, accountExists: false } });
    const weak = await rest('acceptClientInvitation', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(CLIENT_PORTAL_MESSAGES.passwordPolicy);
    expect(await runtime.cognito.admin.getUser(NEW_EMAIL)).toBeNull();
  });

  it('accepts with a new account (group Clients); the link then works once only', async () => {
    expect(await rest('acceptClientInvitation', { token, password: 'ClientPass1' })).toEqual({ status: 200, body: { email: NEW_EMAIL } });
    expect((await runtime.cognito.admin.getUser(NEW_EMAIL))!.groups).toEqual(['Clients']);
    const again = await rest('acceptClientInvitation', { token, password: 'ClientPass1' });
    expect(again).toMatchObject({ status: 410, body: { message: CLIENT_PORTAL_MESSAGES.invitationUsed } });
    expect(await linksOf(NEW_EMAIL)).toHaveLength(1);
    expect((await call(owner, GET_ACCESS, { c: clientId })).data.getClientPortalAccess).toMatchObject({ state: 'ACTIVE', expiresAt: null });
  });

  it('the new client signs in with the password alone (MFA optional for clients), may add an authenticator, and then is asked for its code', async () => {
    const passwordOnly = await passwordOnlySignIn(runtime.url, NEW_EMAIL, 'ClientPass1');
    for (const token of [passwordOnly.accessToken, passwordOnly.idToken]) {
      const me = await call(token, ME);
      expect(me.errors).toBeUndefined();
      expect(me.data.clientMe.practices).toEqual([expect.objectContaining({ clientId })]);
    }
    // A client holds no membership: the pre-token trigger wrote no clinician mark for them.
    const sub = (await runtime.cognito.admin.getUser(NEW_EMAIL))!.sub;
    expect((await runtime.dynamo.client.send(new GetItemCommand({ TableName: DIRECTORY, Key: marshall(membershipKey(sub)) }))).Item).toBeUndefined();
    newClient = await firstClientSignIn(NEW_EMAIL, 'ClientPass1');
    await expect(passwordOnlySignIn(runtime.url, NEW_EMAIL, 'ClientPass1')).rejects.toThrow('expected tokens, got SOFTWARE_TOKEN_MFA');
  });

  it('the new client reads their own record and upcoming appointments only', async () => {
    const me = await call(newClient, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data.clientMe.practices).toEqual([expect.objectContaining({ clientId, firstName: 'Quinn', email: NEW_EMAIL })]);
    const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 14) + '00:00.000Z';
    const booked = await call(owner, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', { input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start, durationMinutes: 45 } });
    expect(booked.errors).toBeUndefined();
    const appts = (await call(newClient, APPTS)).data.clientAppointments;
    expect(appts.items.map((a: any) => a.id)).toEqual([booked.data.createAppointment[0].id]);
    expect(appts.items[0].videoUrl).toMatch(new RegExp(`^${runtime.url}/public/video/[A-Za-z0-9_-]{32}/`));
    // Another client's token for the same field, or a practice the client is not linked to: refused.
    expect((await call(newClient, 'mutation { editClientProfile(practiceId: "another-practice", phone: "5035550100") { phone } }')).errors?.[0].errorType).toBe('Unauthorized');
  });

  it('pages upcoming appointments 20 at a time with a token only this client can use', async () => {
    // 21 more upcoming sessions, written as the appointments Lambda writes them.
    const ownerSub = runtime.seed!.practiceId;
    for (let i = 0; i < 21; i++) {
      const startMs = Date.now() + (10 + i) * 24 * 3600_000;
      const { data } = validateAppointmentInput({ clientId, serviceCode: '90834', locationType: 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: 45 });
      const item = occurrenceItem(ownerSub, randomUUID(), data, startMs, {
        clinicianId: ownerSub, clientName: 'Quinn Portal', clinicianName: 'Olivia Owens', seriesId: null, recurrence: null, videoRoomId: null, status: 'SCHEDULED',
        version: 1, createdAt: new Date().toISOString(), createdBy: ownerSub, updatedAt: new Date().toISOString(), updatedBy: ownerSub,
      });
      await runtime.dynamo.client.send(new PutItemCommand({ TableName: tableName('local', 'Practice'), Item: marshall(item, { removeUndefinedValues: true }) }));
    }
    // Ahead of them in the practice's schedule, 300 sessions of other clients.
    const others = Array.from({ length: 300 }, (_, i) => {
      const startMs = Date.now() + 4 * 24 * 3600_000 + i * 20 * 60_000;
      const { data } = validateAppointmentInput({ clientId: `other-client-${i % 30}`, serviceCode: '90834', locationType: 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: 15 });
      return occurrenceItem(ownerSub, randomUUID(), data, startMs, {
        clinicianId: ownerSub, clientName: 'Someone Else', clinicianName: 'Olivia Owens', seriesId: null, recurrence: null, videoRoomId: null, status: 'SCHEDULED',
        version: 1, createdAt: new Date().toISOString(), createdBy: ownerSub, updatedAt: new Date().toISOString(), updatedBy: ownerSub,
      });
    });
    for (let i = 0; i < others.length; i += 25) {
      await runtime.dynamo.client.send(new BatchWriteItemCommand({ RequestItems: { [tableName('local', 'Practice')]: others.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshall(item, { removeUndefinedValues: true }) } })) } }));
    }
    // What the client-self Lambda asks DynamoDB (it runs in this process, on the shared client).
    const queries: Array<{ index?: string; scanned?: number }> = [];
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (context.commandName === 'QueryCommand') queries.push({ index: (args.input as { IndexName?: string }).IndexName, scanned: (out.output as { ScannedCount?: number }).ScannedCount });
        return out;
      },
      { step: 'initialize', name: 'countClientAppointmentQueries' },
    );
    const first = (await call(newClient, APPTS)).data.clientAppointments;
    dynamo().middlewareStack.remove('countClientAppointmentQueries');
    // One Query for the one link, on the per-client index, reading this client's sessions only.
    const appointmentQueries = queries.filter((q) => q.index !== undefined);
    expect(appointmentQueries).toEqual([{ index: 'GSI4', scanned: 22 }]);
    expect(first.items).toHaveLength(20);
    expect(first.nextToken).toEqual(expect.any(String));
    const second = (await call(newClient, APPTS, { t: first.nextToken })).data.clientAppointments;
    expect(second.items).toHaveLength(2);
    expect(second.nextToken).toBeNull();
    const all = [...first.items, ...second.items].map((a: any) => a.startTime);
    expect(all).toEqual([...all].sort());
    // Another client's token, or a made-up one: refused as the other paged queries refuse them.
    for (const t of [first.nextToken, 'bm90IGEgdG9rZW4=']) {
      const other = await call(t === first.nextToken ? demoClient : newClient, APPTS, { t });
      expect(other.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid page token' });
    }
  });

  it('the client edits their own contact preferences; bad input is refused with nothing written', async () => {
    const EDIT = 'mutation ($p: ID!, $phone: String, $c: String) { editClientProfile(practiceId: $p, phone: $phone, preferredChannel: $c) { phone preferredChannel } }';
    const bad = await call(newClient, EDIT, { p: runtime.seed!.practiceId, phone: 'not a phone', c: 'sms' });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: CLIENT_PORTAL_MESSAGES.phone });
    const ok = await call(newClient, EDIT, { p: runtime.seed!.practiceId, phone: '(503) 555-0100', c: 'sms' });
    expect(ok.data.editClientProfile).toEqual({ phone: '+15035550100', preferredChannel: 'sms' });
    const seen = await call(owner, 'query ($id: ID!) { getClient(id: $id) { contact { phone email } communicationSetting { email } } }', { id: clientId });
    expect(seen.data.getClient).toMatchObject({ contact: { phone: '+15035550100', email: NEW_EMAIL }, communicationSetting: { email: false } });
  });

  it('revoking cuts the client off on their next request; re-inviting and accepting restores it', async () => {
    const revoked = await call(owner, REVOKE, { c: clientId });
    expect(revoked.data.revokeClientPortalAccess).toMatchObject({ state: 'REVOKED' });
    expect((await call(newClient, ME)).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call(newClient, APPTS)).errors?.[0].errorType).toBe('Unauthorized');
    const again = await inviteAndToken(clientId, NEW_EMAIL);
    expect((await rest('clientInvitation', { token: again })).body.accountExists).toBe(true);
    expect((await rest('acceptClientInvitation', { token: again, password: 'ClientPass1' })).status).toBe(200);
    expect((await call(newClient, ME)).errors).toBeUndefined();
  });
});

describe('refused links', () => {
  it('an existing pool account must prove its password; then it joins Clients without a second account', async () => {
    const email = 'companion.user@apps.practiceportal.test';
    await runtime.cognito.admin.createUser({ email, password: 'AppUser1pass', givenName: 'Casey', familyName: 'App', groups: [] });
    const clientId = await addClient('Casey', email);
    const token = await inviteAndToken(clientId, email);
    expect((await rest('clientInvitation', { token })).body.accountExists).toBe(true);
    const wrong = await rest('acceptClientInvitation', { token, password: 'NotTheRight1' });
    expect(wrong).toMatchObject({ status: 401, body: { message: CLIENT_PORTAL_MESSAGES.wrongPassword } });
    expect((await call(owner, GET_ACCESS, { c: clientId })).data.getClientPortalAccess.state).toBe('INVITED');
    expect((await runtime.cognito.admin.getUser(email))!.groups).toEqual([]);
    expect(await rest('acceptClientInvitation', { token, password: 'AppUser1pass' })).toEqual({ status: 200, body: { email } });
    expect((await runtime.cognito.admin.getUser(email))!.groups).toEqual(['Clients']);
    expect(await linksOf(email)).toEqual([expect.objectContaining({ clientId, state: 'active' })]);
  });

  it('an expired link is refused and nothing is written; a re-invitation replaces the earlier link', async () => {
    const email = 'late.client@portal.practiceportal.test';
    const clientId = await addClient('Late', email);
    const token = await inviteAndToken(clientId, email);
    const key = marshall(invitationKey(createHash('sha256').update(token).digest('hex')));
    await runtime.dynamo.client.send(new UpdateItemCommand({ TableName: DIRECTORY, Key: key, UpdateExpression: 'SET validUntil = :past', ExpressionAttributeValues: marshall({ ':past': '2020-01-01T00:00:00.000Z' }) }));
    expect(await rest('clientInvitation', { token })).toMatchObject({ status: 410, body: { message: CLIENT_PORTAL_MESSAGES.invitationExpired } });
    expect(await rest('acceptClientInvitation', { token, password: 'ClientPass1' })).toMatchObject({ status: 410, body: { message: CLIENT_PORTAL_MESSAGES.invitationExpired } });
    expect(await runtime.cognito.admin.getUser(email)).toBeNull();
    const fresh = await inviteAndToken(clientId, email);
    const first = await inviteAndToken(clientId, email);
    expect(await rest('acceptClientInvitation', { token: fresh, password: 'ClientPass1' })).toMatchObject({ status: 404, body: { message: CLIENT_PORTAL_MESSAGES.invitationUnknown } });
    expect(await runtime.cognito.admin.getUser(email)).toBeNull();
    expect((await rest('acceptClientInvitation', { token: first, password: 'ClientPass1' })).status).toBe(200);
    expect((await rest('clientInvitation', { token: 'x'.repeat(43) })).status).toBe(404);
  });

  it('the clinician side: a client without an e-mail, an active client, an own-only clinician on another’s client', async () => {
    const noEmail = await addClient('Nomail', null);
    expect((await call(owner, INVITE, { c: noEmail })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: CLIENT_PORTAL_MESSAGES.noEmail });
    const seeded = (await call(demoClient, ME)).data.clientMe.practices[0].clientId;
    expect((await call(owner, INVITE, { c: seeded })).errors?.[0].message).toBe(CLIENT_PORTAL_MESSAGES.alreadyActive);
    expect((await call(basic, INVITE, { c: seeded })).errors?.[0].errorType).toBe('NotFound');
    expect((await call(basic, '{ getClientPortalDetails { enabled } }')).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('signing out (the last: it ends the demo client’s session)', () => {
  it('endClientSession refuses the client’s earlier tokens from the next request on; a new sign-in works; so does a raw Cognito global sign-out', async () => {
    expect((await call(demoClient, 'mutation { endClientSession }')).data).toEqual({ endClientSession: true });
    expect((await call(demoClient, ME)).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call(demoClient, 'mutation { endClientSession }')).errors?.[0].errorType).toBe('Unauthorized');
    const again = (await signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD)).accessToken;
    expect((await call(again, ME)).errors).toBeUndefined();
    await cognitoClient(runtime.url).send(new GlobalSignOutCommand({ AccessToken: again }));
    expect((await call(again, ME)).errors?.[0].errorType).toBe('Unauthorized');
  });
});
