/**
 * A local fake of AWS Secrets Manager's wire protocol (GetSecretValue, awsJson1_1) for the adapters
 * that read their keys by name in AWS (Stripe, the clearinghouse): the real SDK client talks to it.
 */
import { createServer } from 'node:http';
import { readBody } from './stripe-fake.ts';

/** AWS Secrets Manager's GetSecretValue (awsJson1_1) for the given secrets; signatures are not checked. */
export async function startSecretsManagerFake(secrets: Record<string, string>): Promise<{ url: string; reads: string[]; close(): Promise<void> }> {
  const reads: string[] = [];
  const server = createServer((req, res) => void (async () => {
    const body = JSON.parse((await readBody(req)) || '{}') as { SecretId?: string };
    const target = String(req.headers['x-amz-target'] ?? '');
    res.setHeader('content-type', 'application/x-amz-json-1.1');
    if (target !== 'secretsmanager.GetSecretValue') {
      res.writeHead(400).end(JSON.stringify({ __type: 'UnknownOperationException', message: target }));
      return;
    }
    reads.push(String(body.SecretId));
    const value = secrets[String(body.SecretId)];
    if (value === undefined) {
      res.writeHead(400).end(JSON.stringify({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." }));
      return;
    }
    res.writeHead(200).end(JSON.stringify({ ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${body.SecretId}-AbCdEf`, Name: body.SecretId, SecretString: value, VersionId: 'v1', CreatedDate: 1 }));
  })());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    reads,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
