/** Signs a seeded (TOTP-enrolled) user in through the Cognito API, as any SDK client would. */
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type * as OTPAuth from 'otpauth';
import { LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import { demoTotp } from '../../local/demo-accounts.ts';
import { totpFor, unusedTotpCode } from './totp-code.ts';

/**
 * A Cognito client for the runtime in this process. Admin calls are signed with the runtime's own
 * key, which it puts in the environment for its Lambdas (local/cognito/admin-auth.ts).
 */
export function cognitoClient(runtimeUrl: string): CognitoIdentityProviderClient {
  const credentials = { accessKeyId: process.env.COGNITO_ACCESS_KEY_ID ?? 'local', secretAccessKey: process.env.COGNITO_SECRET_ACCESS_KEY ?? 'local' };
  return new CognitoIdentityProviderClient({ endpoint: `${runtimeUrl}/cognito`, region: LOCAL_REGION, credentials });
}

export interface SignedIn {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
}

/** Password, then the authenticator's code (a user with a TOTP factor). */
export async function signInWithTotp(runtimeUrl: string, email: string, password: string, totp: OTPAuth.TOTP): Promise<SignedIn> {
  const client = cognitoClient(runtimeUrl);
  const first = await client.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: LOCAL_USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA') throw new Error(`expected SOFTWARE_TOKEN_MFA, got ${first.ChallengeName}`);
  const second = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await unusedTotpCode(totp) },
    }),
  );
  const tokens = second.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken) throw new Error('no tokens');
  return { accessToken: tokens.AccessToken, idToken: tokens.IdToken, refreshToken: tokens.RefreshToken };
}

export async function signInSeeded(runtimeUrl: string, email: string, password: string) {
  return signInWithTotp(runtimeUrl, email, password, demoTotp(email));
}

/** A user without a factor: the pool is MFA OPTIONAL, so the password alone gets tokens. */
export async function passwordOnlySignIn(runtimeUrl: string, email: string, password: string): Promise<SignedIn> {
  const out = await cognitoClient(runtimeUrl).send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: LOCAL_USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const tokens = out.AuthenticationResult;
  if (out.ChallengeName || !tokens?.AccessToken || !tokens.IdToken) throw new Error(`expected tokens, got ${out.ChallengeName}`);
  return { accessToken: tokens.AccessToken, idToken: tokens.IdToken, refreshToken: tokens.RefreshToken };
}

/**
 * Enrols an authenticator while signed in, as the console's and the portal's sign-in do
 * (AssociateSoftwareToken / VerifySoftwareToken / SetUserMFAPreference with the access token);
 * the authenticator, for the codes of the next sign-ins.
 */
export async function enrolAuthenticator(runtimeUrl: string, accessToken: string): Promise<OTPAuth.TOTP> {
  const client = cognitoClient(runtimeUrl);
  const assoc = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const totp = totpFor(assoc.SecretCode!);
  const verified = await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await unusedTotpCode(totp) }));
  if (verified.Status !== 'SUCCESS') throw new Error('authenticator not verified');
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return totp;
}

/** First sign-in of an account without a factor: password, an authenticator enrolled, then signed in again with its code. */
export async function firstSignInWithAuthenticator(runtimeUrl: string, email: string, password: string): Promise<SignedIn & { totp: OTPAuth.TOTP }> {
  const first = await passwordOnlySignIn(runtimeUrl, email, password);
  const totp = await enrolAuthenticator(runtimeUrl, first.accessToken);
  return { ...(await signInWithTotp(runtimeUrl, email, password, totp)), totp };
}
