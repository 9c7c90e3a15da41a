/**
 * Proves that a caller knows an account's password, for the public routes that act on an account
 * before its owner can sign in fully (SMS MFA setup, reusing an app account for the portal): the
 * web client's own USER_PASSWORD_AUTH, as the console's sign-in does. Cognito's answer says what
 * state the account is in. Nothing is logged.
 */
import { AdminGetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './aws.ts';

export type PasswordProof =
  | { kind: 'wrong' }
  | { kind: 'unconfirmed'; username: string; sub: string }
  /** Right password; the answer names what comes next (MFA_SETUP, SMS_MFA, ...) or 'TOKENS'. */
  | { kind: 'proved'; next: string; username: string; sub: string };

async function identity(email: string): Promise<{ username: string; sub: string } | null> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  return user.Username && sub ? { username: user.Username, sub } : null;
}

export async function provePassword(email: string, password: string): Promise<PasswordProof> {
  let next: string;
  try {
    const auth = await cognito().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: process.env.USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    next = auth.ChallengeName ?? 'TOKENS';
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') return { kind: 'wrong' };
    if (name !== 'UserNotConfirmedException') throw error;
    // Cognito checks the password before it reports an unconfirmed account.
    const who = await identity(email);
    return who ? { kind: 'unconfirmed', ...who } : { kind: 'wrong' };
  }
  const who = await identity(email);
  return who ? { kind: 'proved', next, ...who } : { kind: 'wrong' };
}
