/**
 * First-time SMS MFA setup (spec part 1 §4.4: "SMS: requires a verified phone; verify by code").
 * Cognito's MFA_SETUP challenge enrolls only an authenticator app (or e-mail), and a user who has
 * not passed MFA has no tokens to update their phone with, so the portal does it here:
 *
 *   POST /startSmsMfaSetup   {email, password, phone}  → a 6-digit code texted to the phone
 *   POST /confirmSmsMfaSetup {email, password, code}   → phone set and verified, SMS MFA enabled
 *
 * Both calls first prove the password with the web client's own USER_PASSWORD_AUTH and require the
 * answer to ask for no factor: only the account's owner, and only before any MFA exists,
 * can enroll a phone (nobody can replace an enrolled factor this way). The code is stored hashed,
 * lives 10 minutes, allows 5 tries; each route is limited per client address. The user then signs
 * in again and answers the SMS_MFA challenge. Nothing here is logged.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AdminSetUserMFAPreferenceCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../domain/messages.ts';
import { isEmail } from '../../domain/signup.ts';
import { toE164 } from '../../domain/contact-fields.ts';
import { withAddressLimit } from '../shared/address-limit.ts';
import { cognito, dynamo, table } from '../shared/aws.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { notifier } from '../shared/notifier.ts';
import { provePassword } from '../shared/password-proof.ts';

export const SMS_SETUP_MESSAGES = {
  alreadyEnrolled: 'Multi-factor authentication is already set up for this account. Please sign in.',
  expired: 'The code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong codes. Please request a new one.',
} as const;

const CODE_TTL_SECONDS = 600;
const MAX_TRIES = 5;
/** Calls a minute per address and route: a person needs two or three. */
const CALLS_PER_MINUTE = 10;

type Proof = { ok: true; username: string; sub: string } | { ok: false; status: number; message: string };

/**
 * Proves the password and that the account has no MFA yet: the pool is MFA OPTIONAL, so Cognito
 * answers such an account with tokens (a pool requiring MFA would answer MFA_SETUP); an account
 * with a factor gets that factor's challenge instead.
 */
async function proveSetupPending(email: string, password: string): Promise<Proof> {
  const proof = await provePassword(email, password);
  if (proof.kind === 'wrong') return { ok: false, status: 401, message: MESSAGES.wrongCredentials };
  if (proof.kind !== 'proved' || (proof.next !== 'TOKENS' && proof.next !== 'MFA_SETUP')) return { ok: false, status: 409, message: SMS_SETUP_MESSAGES.alreadyEnrolled };
  return { ok: true, username: proof.username, sub: proof.sub };
}

const pendingKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'SMS_MFA_SETUP' });
const hashCode = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest();

function credentials(body: Record<string, unknown> | null): { email: string; password: string } | string {
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  const password = typeof body?.password === 'string' ? body.password : '';
  if (!email || !password) return MESSAGES.credentialsRequired;
  if (!isEmail(email)) return MESSAGES.invalidEmail;
  return { email, password };
}

const start: PublicHandler = async (event) => {
  const body = parseBody(event);
  const given = credentials(body);
  if (typeof given === 'string') return json(400, { message: given });
  const rawPhone = typeof body?.phone === 'string' ? body.phone.trim() : '';
  if (!rawPhone) return json(400, { message: MESSAGES.phoneRequired });
  const phone = toE164(rawPhone);
  if (!phone) return json(400, { message: MESSAGES.invalidPhone });
  const proof = await proveSetupPending(given.email, given.password);
  if (!proof.ok) return json(proof.status, { message: proof.message });

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await dynamo().send(
    new PutCommand({
      TableName: table('DIRECTORY_TABLE'),
      Item: { ...pendingKey(proof.sub), phone, codeHash: hashCode(proof.sub, code), tries: 0, expiresAt: Math.floor(Date.now() / 1000) + CODE_TTL_SECONDS },
    }),
  );
  await notifier().sendSms(phone, `Your Practice Portal verification code is ${code}. It expires in 10 minutes.`);
  return json(200, { destination: `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}` });
};

const confirm: PublicHandler = async (event) => {
  const body = parseBody(event);
  const given = credentials(body);
  if (typeof given === 'string') return json(400, { message: given });
  const code = typeof body?.code === 'string' ? body.code.trim() : '';
  if (!/^\d{6}$/.test(code)) return json(400, { message: MESSAGES.invalidCode });
  const proof = await proveSetupPending(given.email, given.password);
  if (!proof.ok) return json(proof.status, { message: proof.message });

  const key = pendingKey(proof.sub);
  const pending = (await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: key, ConsistentRead: true }))).Item;
  if (!pending || Number(pending.expiresAt) <= Date.now() / 1000) return json(400, { message: SMS_SETUP_MESSAGES.expired });
  // Count the try first (atomically), so parallel guesses cannot exceed the limit.
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table('DIRECTORY_TABLE'),
        Key: key,
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(PK) AND tries < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_TRIES },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return json(400, { message: SMS_SETUP_MESSAGES.tooManyTries });
    throw error;
  }
  const stored = Buffer.from(pending.codeHash as Uint8Array);
  if (!timingSafeEqual(stored, hashCode(proof.sub, code))) return json(400, { message: MESSAGES.invalidCode });

  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: process.env.USER_POOL_ID,
      Username: proof.username,
      UserAttributes: [
        { Name: 'phone_number', Value: String(pending.phone) },
        { Name: 'phone_number_verified', Value: 'true' },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: process.env.USER_POOL_ID,
      Username: proof.username,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  await dynamo().send(new DeleteCommand({ TableName: table('DIRECTORY_TABLE'), Key: key }));
  return json(200, { message: MESSAGES.mfaSetupDone });
};

const limited = {
  '/startSmsMfaSetup': withAddressLimit('startSmsMfaSetup', start, CALLS_PER_MINUTE),
  '/confirmSmsMfaSetup': withAddressLimit('confirmSmsMfaSetup', confirm, CALLS_PER_MINUTE),
};

/** One function serves both routes (functions/routes.ts); the path picks the step. */
export const handler: PublicHandler = async (event) => {
  const path = (event.rawPath ?? event.requestContext?.http?.path ?? '').replace(/\/+$/, '');
  const route = Object.entries(limited).find(([suffix]) => path.endsWith(suffix));
  return route ? route[1](event) : json(404, { message: 'Not Found' });
};
