/**
 * AWS SDK clients for Lambda handlers, configured from the environment. In AWS the defaults apply;
 * the local runtime sets DYNAMODB_ENDPOINT / COGNITO_ENDPOINT so the same handlers talk to
 * DynamoDB Local and the local user pool. No business code checks where it runs.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function localOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: LOCAL_CREDENTIALS } : {};
}

let documentClient: DynamoDBDocumentClient | undefined;
let cognitoClient: CognitoIdentityProviderClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient(localOptions(process.env.DYNAMODB_ENDPOINT)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient(localOptions(process.env.COGNITO_ENDPOINT));
  return cognitoClient;
}

/** Table name from the environment (set by the Api/Auth stacks and by the local runtime). */
export function table(name: 'PRACTICE_TABLE' | 'DIRECTORY_TABLE' | 'AUDIT_TABLE'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
