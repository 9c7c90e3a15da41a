/**
 * AWS_IAM auth on the local /graphql, as AppSync applies it to `@aws_iam` fields: a request whose
 * Authorization is a SigV4 signature (service appsync) is checked with @smithy/signature-v4 over the
 * method, path, signed headers and body (local/cognito/admin-auth.ts verifySignature) against the
 * one key the runtime made for its in-process Lambdas (APPSYNC_PUBLISH_ACCESS_KEY_ID); x-amz-date
 * within 5 minutes. The caller then has AppSync's IAM identity (no sub, no groups) and reaches only
 * fields the schema marks @aws_iam (local/appsync/executor.ts). In AWS the signer is the function's
 * role and its policy names the fields it may call.
 */
import type { IncomingMessage } from 'node:http';
import { verifySignature, type LocalAdminCredentials } from '../cognito/admin-auth.ts';

export interface IamIdentity {
  accountId: string;
  userArn: string;
  username: string;
  sourceIp: string[];
  cognitoIdentityPoolId: null;
  cognitoIdentityId: null;
  cognitoIdentityAuthType: null;
  cognitoIdentityAuthProvider: null;
}

export const isIamIdentity = (identity: unknown): identity is IamIdentity => !!identity && typeof (identity as IamIdentity).userArn === 'string';

export const isSigV4 = (authorization: unknown): boolean => typeof authorization === 'string' && authorization.startsWith('AWS4-HMAC-SHA256 ');

export const LOCAL_ACCOUNT = '000000000000';

/** The IAM identity of a request signed with `credentials`, or null (unsigned, another key, a bad or stale signature). */
export async function verifyIamRequest(req: IncomingMessage, body: string, credentials: LocalAdminCredentials): Promise<IamIdentity | null> {
  try {
    await verifySignature(req, body, credentials, Date.now(), ['host', 'x-amz-date']);
  } catch {
    return null;
  }
  return {
    accountId: LOCAL_ACCOUNT, userArn: `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/local-lambda/${credentials.accessKeyId}`, username: credentials.accessKeyId, sourceIp: [],
    cognitoIdentityPoolId: null, cognitoIdentityId: null, cognitoIdentityAuthType: null, cognitoIdentityAuthProvider: null,
  };
}
