/**
 * The card processor's secret key, read at runtime from AWS Secrets Manager (the secret named by
 * STRIPE_SECRET_ID; its SecretString is the key, or JSON with `secretKey`). Cached for five minutes
 * per Lambda instance, and dropped at once when the processor refuses it (a rotated key is read
 * again). The key is never logged or put in an error; a missing secret is PaymentUnavailable.
 * SECRETS_MANAGER_ENDPOINT points the client elsewhere (tests); AWS defaults apply otherwise.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const TTL_MS = 5 * 60_000;

export interface SecretLoader {
  (): Promise<string>;
  /** Forget the cached key (it was refused). */
  forget(): void;
}

export function secretsManagerKey(secretId: string, env: NodeJS.ProcessEnv = process.env, clock: () => number = Date.now): SecretLoader {
  const endpoint = env.SECRETS_MANAGER_ENDPOINT;
  const client = new SecretsManagerClient(endpoint ? { endpoint, region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {});
  let cached: { key: string; at: number } | null = null;
  const load = (async () => {
    if (cached && clock() - cached.at < TTL_MS) return cached.key;
    let text: string | undefined;
    try {
      text = (await client.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
    } catch (err) {
      console.error('payment secret unreadable', (err as Error)?.name ?? 'Error');
      throw Object.assign(new Error('Payments are not available right now. Your plan has not changed; try again later.'), { name: 'PaymentUnavailable', errorType: 'PaymentUnavailable' });
    }
    let key = text?.trim() ?? '';
    if (key.startsWith('{')) {
      try {
        key = String((JSON.parse(key) as { secretKey?: string }).secretKey ?? '');
      } catch {
        key = '';
      }
    }
    if (!key) {
      console.error('payment secret is empty');
      throw Object.assign(new Error('Payments are not available right now. Your plan has not changed; try again later.'), { name: 'PaymentUnavailable', errorType: 'PaymentUnavailable' });
    }
    cached = { key, at: clock() };
    return key;
  }) as SecretLoader;
  load.forget = () => {
    cached = null;
  };
  return load;
}
