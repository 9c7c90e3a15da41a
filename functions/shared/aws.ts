/**
 * AWS SDK clients for Lambda handlers, configured from the environment. In AWS the defaults apply;
 * the local runtime sets DYNAMODB_ENDPOINT (+ DYNAMODB_ACCESS_KEY_ID) / COGNITO_ENDPOINT so the same handlers talk to
 * DynamoDB Local and the local user pool. No business code checks where it runs.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function localOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: LOCAL_CREDENTIALS } : {};
}

// One client per endpoint: a process that starts a second local runtime (the benchmarks run
// several one after another) must not keep talking to the first one's stopped services.
let documentClient: { endpoint: string | undefined; key: string | undefined; client: DynamoDBDocumentClient } | undefined;
let cognitoClient: { endpoint: string | undefined; key: string | undefined; client: CognitoIdentityProviderClient } | undefined;

export function dynamo(): DynamoDBDocumentClient {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  // DynamoDB Local keeps a database per access key when several runtimes share one (local/dynamodb.ts).
  const key = process.env.DYNAMODB_ACCESS_KEY_ID;
  if (!documentClient || documentClient.endpoint !== endpoint || documentClient.key !== key) {
    const options = endpoint && key ? { ...localOptions(endpoint), credentials: { accessKeyId: key, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey } } : localOptions(endpoint);
    const client = DynamoDBDocumentClient.from(new DynamoDBClient(options), { marshallOptions: { removeUndefinedValues: true } });
    documentClient = { endpoint, key, client };
  }
  return documentClient.client;
}

export function cognito(): CognitoIdentityProviderClient {
  // Locally, admin calls are signed with the local pool's own key (COGNITO_ACCESS_KEY_ID/…, set by
  // the runtime); in AWS the function's role signs them.
  const endpoint = process.env.COGNITO_ENDPOINT;
  const key = process.env.COGNITO_ACCESS_KEY_ID;
  if (!cognitoClient || cognitoClient.endpoint !== endpoint || cognitoClient.key !== key) {
    const options = endpoint && key ? { ...localOptions(endpoint), credentials: { accessKeyId: key, secretAccessKey: process.env.COGNITO_SECRET_ACCESS_KEY ?? '' } } : localOptions(endpoint);
    cognitoClient = { endpoint, key, client: new CognitoIdentityProviderClient(options) };
  }
  return cognitoClient.client;
}

/** Table name from the environment (set by the Api/Auth stacks and by the local runtime). */
export function table(name: 'PRACTICE_TABLE' | 'DIRECTORY_TABLE' | 'AUDIT_TABLE'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
