/**
 * An external service's key, read at runtime from AWS Secrets Manager by the secret's name: the
 * SecretString is the key itself, or JSON holding it under `field`. Cached for five minutes per
 * Lambda instance and dropped at once when the service refuses it (a rotated key is read again).
 * The key is never logged nor put in an error: an unreadable or empty secret is the service's own
 * refusal (`refuse`). SECRETS_MANAGER_ENDPOINT points the client elsewhere (tests); AWS defaults
 * apply otherwise. Used by the card processor (stripe-secret.ts) and the clearinghouse.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const TTL_MS = 5 * 60_000;

export interface SecretLoader {
  (): Promise<string>;
  /** Forget the cached key (it was refused). */
  forget(): void;
}

export interface SecretKeyOptions {
  /** The JSON field holding the key when the SecretString is JSON. */
  field: string;
  /** Names the service in the log lines (never the key). */
  label: string;
  /** The caller-facing refusal when the key cannot be had. */
  refuse: () => Error;
}

export function cachedSecretKey(secretId: string, options: SecretKeyOptions, env: NodeJS.ProcessEnv = process.env, clock: () => number = Date.now): SecretLoader {
  const endpoint = env.SECRETS_MANAGER_ENDPOINT;
  const client = new SecretsManagerClient(endpoint ? { endpoint, region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {});
  let cached: { key: string; at: number } | null = null;
  const load = (async () => {
    if (cached && clock() - cached.at < TTL_MS) return cached.key;
    let text: string | undefined;
    try {
      text = (await client.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
    } catch (err) {
      console.error(`${options.label} secret unreadable`, (err as Error)?.name ?? 'Error');
      throw options.refuse();
    }
    let key = text?.trim() ?? '';
    if (key.startsWith('{')) {
      try {
        const value = (JSON.parse(key) as Record<string, unknown>)[options.field];
        key = typeof value === 'string' ? value : '';
      } catch {
        key = '';
      }
    }
    if (!key) {
      console.error(`${options.label} secret is empty`);
      throw options.refuse();
    }
    cached = { key, at: clock() };
    return key;
  }) as SecretLoader;
  load.forget = () => {
    cached = null;
  };
  return load;
}
