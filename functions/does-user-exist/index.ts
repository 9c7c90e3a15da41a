/**
 * doesUserExist (public, pre-login; sign-up, on leaving the e-mail field): whether an account with
 * this e-mail exists, so the wizard can show its note before the user fills three steps. Limited
 * per client address (shared/address-limit.ts) so it cannot be used to enumerate accounts at speed.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { MESSAGES } from '../../domain/messages.ts';
import { isEmail } from '../../domain/signup.ts';
import { cognito } from '../shared/aws.ts';
import { withAddressLimit } from '../shared/address-limit.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';

const lookUp: PublicHandler = async (event) => {
  const body = parseBody(event);
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) return json(400, { message: MESSAGES.emailRequired });
  if (!isEmail(email)) return json(400, { message: MESSAGES.invalidEmail });
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: email }));
    return json(200, { exists: true, confirmed: user.UserStatus !== 'UNCONFIRMED' });
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return json(200, { exists: false, confirmed: false });
    throw error;
  }
};

export const handler = withAddressLimit('doesUserExist', lookUp);
