/**
 * Starts a leg of the export worker without waiting for it (Lambda Invoke, InvocationType Event):
 * functions/export for the first leg, the worker itself for each hand-over (session 8). The
 * function is EXPORT_WORKER (the starter's environment, and locally the runtime's stand-in at
 * LAMBDA_ENDPOINT) or, in the worker's own Lambda, AWS_LAMBDA_FUNCTION_NAME.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

export async function invokeWorker(event: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const name = env.EXPORT_WORKER ?? env.AWS_LAMBDA_FUNCTION_NAME;
  if (!name) throw new Error('EXPORT_WORKER is not set');
  const client = new LambdaClient(env.LAMBDA_ENDPOINT ? { endpoint: env.LAMBDA_ENDPOINT, region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {});
  await client.send(new InvokeCommand({ FunctionName: name, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(event)) }));
}
