/**
 * The client portal invitation's public routes (issue 12; no sign-in — the token is the proof):
 *   POST /clientInvitation {token}            → {practiceName, email, accountExists}
 *   POST /acceptClientInvitation {token, password} → {email}
 * The token (from the link's fragment) is hashed and looked up (domain/client-link.ts); an unknown,
 * expired, used, replaced or revoked one is refused with its own message and nothing is written.
 * Accepting: a new e-mail gets a Cognito user (e-mail verified, the pool's password policy, group
 * Clients); an existing pool account (a companion-app user, a clinician) must prove its password
 * and joins group Clients. Then, in one transaction, the invitation is spent, the access record
 * becomes active and the client's link is written. The browser then signs in with e-mail and
 * password (MFA as the pool requires: docs/decisions.md "Client identity (issue 12)").
 * Nothing here logs the token, the e-mail or the password.
 */
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  accept,
  CLIENT_PORTAL_MESSAGES as M,
  clientLinkKey,
  invitationKey,
  invitationRefusal,
  invitationStatus,
  portalAccessKey,
  type InvitationRecord,
  type PortalAccessRecord,
} from '../../domain/client-link.ts';
import { CLIENTS_GROUP } from '../../domain/identity.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { withAddressLimit } from '../shared/address-limit.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { cognito, dynamo, table } from '../shared/aws.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { provePassword } from '../shared/password-proof.ts';
import { practiceName } from '../shared/practice-name.ts';
import { hashInvitationToken } from '../client-access/invitation.ts';
import { temporaryPassword } from '../team-members/invitation.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Loaded = { ok: true; hash: string; invitation: InvitationRecord; record: PortalAccessRecord } | { ok: false; status: 'unknown' | 'expired' | 'used' };

/** The invitation a token opens, checked against the access record; nothing written. */
async function load(token: unknown, nowIso: string): Promise<Loaded> {
  if (typeof token !== 'string' || !TOKEN.test(token)) return { ok: false, status: 'unknown' };
  const hash = hashInvitationToken(token);
  const invitation = (await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: invitationKey(hash), ConsistentRead: true }))).Item as InvitationRecord | undefined;
  const status = invitationStatus(invitation, nowIso);
  if (status !== 'open' || !invitation) return { ok: false, status: status === 'open' ? 'unknown' : status };
  const record = (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: portalAccessKey(invitation.practiceId, invitation.clientId), ConsistentRead: true }))).Item as PortalAccessRecord | undefined;
  const check = accept(record, invitation, hash, 'check', nowIso);
  if (!check.ok) return { ok: false, status: check.status === 'open' ? 'unknown' : check.status };
  return { ok: true, hash, invitation, record: record as PortalAccessRecord };
}

function refused(status: 'unknown' | 'expired' | 'used') {
  return json(status === 'unknown' ? 404 : 410, { message: invitationRefusal(status), reason: status });
}

async function poolUser(email: string): Promise<{ username: string; sub: string; status: string } | null> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    return user.Username && sub ? { username: user.Username, sub, status: user.UserStatus ?? '' } : null;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

const peek: PublicHandler = async (event) => {
  const body = parseBody(event);
  const loaded = await load(body?.token, new Date().toISOString());
  if (!loaded.ok) return refused(loaded.status);
  const email = loaded.invitation.email;
  return json(200, { practiceName: (await practiceName(loaded.invitation.practiceId)) ?? null, email, accountExists: (await poolUser(email)) !== null });
};

/** A new account for the invited e-mail: verified (the invitation reached it), the chosen password, no Cognito e-mail. */
async function createAccount(email: string, password: string): Promise<{ sub: string; username: string } | 'policy'> {
  const pool = process.env.USER_POOL_ID;
  const created = await cognito().send(new AdminCreateUserCommand({
    UserPoolId: pool,
    Username: email,
    TemporaryPassword: temporaryPassword(),
    MessageAction: 'SUPPRESS',
    UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
  }));
  const username = created.User?.Username ?? email;
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  try {
    if (!sub) throw new Error('AdminCreateUser returned no sub');
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: username, Password: password, Permanent: true }));
  } catch (error) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: username }));
    if ((error as Error).name === 'InvalidPasswordException') return 'policy';
    throw error;
  }
  return { sub, username };
}

const acceptInvitation: PublicHandler = async (event) => {
  const body = parseBody(event);
  const password = typeof body?.password === 'string' ? body.password : '';
  if (!body || typeof body.token !== 'string' || !password || password.length > 256) return json(400, { message: MESSAGES.missingRequired });
  const now = new Date().toISOString();
  const loaded = await load(body.token, now);
  if (!loaded.ok) return refused(loaded.status);
  const { invitation, record, hash } = loaded;
  const email = invitation.email;
  const pool = process.env.USER_POOL_ID;

  let account: { sub: string; username: string };
  const existing = await poolUser(email);
  if (existing) {
    const proof = await provePassword(email, password);
    if (proof.kind === 'wrong') return json(401, { message: M.wrongPassword });
    // The invitation reached this address: an app account never confirmed is confirmed by it.
    if (proof.kind === 'unconfirmed') await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: pool, Username: proof.username }));
    account = { sub: proof.sub, username: proof.username };
  } else {
    const created = await createAccount(email, password);
    if (created === 'policy') return json(400, { message: M.passwordPolicy, fields: [{ field: 'password', reason: 'policy' }] });
    account = created;
  }
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: account.username, GroupName: CLIENTS_GROUP }));

  const outcome = accept(record, invitation, hash, account.sub, now);
  if (!outcome.ok) return refused(outcome.status === 'open' ? 'unknown' : outcome.status);
  const active = outcome.record;
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table('DIRECTORY_TABLE'),
            Key: invitationKey(hash),
            UpdateExpression: 'SET #s = :used, usedAt = :now',
            ConditionExpression: '#s = :open',
            ExpressionAttributeNames: { '#s': 'state' },
            ExpressionAttributeValues: { ':used': 'used', ':open': 'open', ':now': now },
          },
        },
        {
          Put: {
            TableName: table('PRACTICE_TABLE'),
            Item: { ...portalAccessKey(active.practiceId, active.clientId), entity: 'PortalAccess', ...active },
            ConditionExpression: '#v = :v AND tokenHash = :h',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':v': record.version ?? 0, ':h': hash },
          },
        },
        {
          Put: {
            TableName: table('DIRECTORY_TABLE'),
            Item: { ...clientLinkKey(account.sub, active.practiceId, active.clientId), entity: 'ClientLink', practiceId: active.practiceId, clientId: active.clientId, state: 'active', email, acceptedAt: now },
          },
        },
      ],
    }));
  } catch (error) {
    // Spent or replaced between the check and now (a second tab, a re-invite): as if it had been on arrival.
    if ((error as Error).name === 'TransactionCanceledException') return refused('used');
    throw error;
  }
  await writeAudit(account.sub, 'acceptClientInvitation', [{ practiceId: active.practiceId, action: 'clientPortal.accept', entityType: 'Client', entityId: active.clientId }], now);
  return json(200, { email });
};

const route: PublicHandler = async (event) => {
  const path = (event.rawPath ?? event.requestContext?.http?.path ?? '').replace(/\/+$/, '');
  return path.endsWith('/acceptClientInvitation') ? acceptInvitation(event) : peek(event);
};

// The pool's default per-address limit (functions/shared/address-limit.ts); a 256-bit token cannot be guessed, and a wrong password is Cognito's to count too.
export const handler = withAddressLimit('clientInvitation', route);
