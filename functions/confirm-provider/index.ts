/**
 * confirmProvider (public, pre-login; the sign-up wizard calls it after the e-mail code is
 * verified). The finalization itself runs server-side in the post-confirmation trigger; this
 * reports whether the account is confirmed and its provider profile active, and finalizes again
 * (idempotently) if the trigger could not. It acts only on a user Cognito reports CONFIRMED, so a
 * caller cannot finalize someone else's unconfirmed sign-up, and it returns no profile data.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { isEmail } from '../../domain/signup.ts';
import { cognito } from '../shared/aws.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { finalizeProvider, profileExists } from './finalize.ts';

async function confirmedSub(email: string): Promise<string | null> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: email }));
    if (user.UserStatus !== 'CONFIRMED') return null;
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

export const handler: PublicHandler = async (event) => {
  const body = parseBody(event);
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!isEmail(email)) return json(400, { message: 'A valid email is required' });
  const sub = await confirmedSub(email);
  if (!sub) return json(200, { confirmed: false, provider: null });
  const status = await finalizeProvider(sub);
  const active = status === 'active' || (status === 'none' && (await profileExists(sub)));
  return json(200, { confirmed: true, provider: active ? { status: 'active' } : null });
};
