/**
 * Starts the next leg of "Recheck now" without waiting for it (Lambda Invoke, InvocationType Event):
 * the eligibility Lambda invokes itself (AWS_LAMBDA_FUNCTION_NAME; lib/clearinghouse-access.ts grants
 * it), and locally the runtime's stand-in for Lambda's Invoke API at LAMBDA_ENDPOINT runs the function
 * named ELIGIBILITY_FUNCTION in process (local/lambda-invoke.ts).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

export async function handOver(event: object, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const name = env.ELIGIBILITY_FUNCTION ?? env.AWS_LAMBDA_FUNCTION_NAME;
  if (!name) throw new Error('ELIGIBILITY_FUNCTION is not set');
  const client = new LambdaClient(env.LAMBDA_ENDPOINT ? { endpoint: env.LAMBDA_ENDPOINT, region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {});
  await client.send(new InvokeCommand({ FunctionName: name, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(event)) }));
}
