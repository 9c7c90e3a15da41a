/** Signs a seeded (TOTP-enrolled) user in through the Cognito API, as any SDK client would. */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import { demoTotp } from '../../local/demo-accounts.ts';
import { unusedTotpCode } from './totp-code.ts';

/**
 * A Cognito client for the runtime in this process. Admin calls are signed with the runtime's own
 * key, which it puts in the environment for its Lambdas (local/cognito/admin-auth.ts).
 */
export function cognitoClient(runtimeUrl: string): CognitoIdentityProviderClient {
  const credentials = { accessKeyId: process.env.COGNITO_ACCESS_KEY_ID ?? 'local', secretAccessKey: process.env.COGNITO_SECRET_ACCESS_KEY ?? 'local' };
  return new CognitoIdentityProviderClient({ endpoint: `${runtimeUrl}/cognito`, region: LOCAL_REGION, credentials });
}

export async function signInSeeded(runtimeUrl: string, email: string, password: string) {
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
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await unusedTotpCode(demoTotp(email)) },
    }),
  );
  const tokens = second.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken) throw new Error('no tokens');
  return { accessToken: tokens.AccessToken, idToken: tokens.IdToken, refreshToken: tokens.RefreshToken };
}
