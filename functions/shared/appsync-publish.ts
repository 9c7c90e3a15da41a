/**
 * Publishing an event to the AppSync API from a Lambda (ARCHITECTURE §9): AppSync delivers
 * subscription events only for its own mutations, so a Lambda that learns of an event (the
 * assessments Lambdas: a risk alert raised by a portal submit or by the public link's REST call)
 * calls an IAM-only mutation (`@aws_iam`), signed with SigV4 for the `appsync` service. In AWS the
 * function's role signs (its credentials from the Lambda environment) and may call only the named
 * fields (lib/graphql-api.ts); locally the runtime hands the in-process Lambdas a key of its own
 * (APPSYNC_PUBLISH_ACCESS_KEY_ID/SECRET) and its /graphql checks the signature the same way
 * (local/appsync/graphql-http.ts). GRAPHQL_URL unset → nothing is published (tests of a Lambda alone).
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

function credentials() {
  const local = process.env.APPSYNC_PUBLISH_ACCESS_KEY_ID;
  if (local) return { accessKeyId: local, secretAccessKey: process.env.APPSYNC_PUBLISH_SECRET_ACCESS_KEY ?? '' };
  return { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '', sessionToken: process.env.AWS_SESSION_TOKEN };
}

/**
 * Runs one IAM-signed mutation; answers whether AppSync accepted it. Never throws: the event is a
 * convenience beside what is stored (the next page load shows it), so a failure is logged by name only.
 */
export async function publishMutation(query: string, variables: Record<string, unknown>, label: string): Promise<boolean> {
  const endpoint = process.env.GRAPHQL_URL;
  if (!endpoint) return false;
  try {
    const url = new URL(endpoint);
    const body = JSON.stringify({ query, variables });
    const signer = new SignatureV4({ credentials: credentials(), region: process.env.AWS_REGION ?? 'us-east-1', service: 'appsync', sha256: Sha256 });
    const signed = await signer.sign({
      method: 'POST', protocol: url.protocol, hostname: url.hostname, port: url.port ? Number(url.port) : undefined, path: url.pathname, query: {},
      headers: { host: url.host, 'content-type': 'application/json' }, body,
    });
    const response = await fetch(endpoint, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(5000) });
    const answer = (await response.json().catch(() => null)) as { errors?: { errorType?: string }[] } | null;
    if (!response.ok || answer?.errors?.length) {
      console.error(`[${label}] publish refused: ${response.status} ${answer?.errors?.[0]?.errorType ?? ''}`.trim());
      return false;
    }
    return true;
  } catch (error) {
    console.error(`[${label}] publish failed: ${(error as Error).name}`);
    return false;
  }
}
