/**
 * The clearinghouse API key, read at runtime from AWS Secrets Manager by name (CLEARINGHOUSE_SECRET_ID,
 * set by the Api stack from cdk.json's environment). SecretString is the key, or JSON {apiKey}.
 * Cached five minutes per Lambda instance and dropped when the clearinghouse refuses it. The key is
 * never logged nor put in an error. SECRETS_MANAGER_ENDPOINT points the client at a fake (tests).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal } from './types.ts';

const TTL_MS = 5 * 60_000;

export interface KeyLoader {
  (): Promise<string>;
  forget(): void;
}

export function clearinghouseKey(secretId: string, env: NodeJS.ProcessEnv = process.env, clock: () => number = Date.now): KeyLoader {
  const endpoint = env.SECRETS_MANAGER_ENDPOINT;
  const client = new SecretsManagerClient(endpoint ? { endpoint, region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {});
  let cached: { key: string; at: number } | null = null;
  const load = (async () => {
    if (cached && clock() - cached.at < TTL_MS) return cached.key;
    let text: string | undefined;
    try {
      text = (await client.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
    } catch (err) {
      console.error('clearinghouse secret unreadable', (err as Error)?.name ?? 'Error');
      throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
    }
    let key = text?.trim() ?? '';
    if (key.startsWith('{')) {
      try {
        key = String((JSON.parse(key) as { apiKey?: string }).apiKey ?? '');
      } catch {
        key = '';
      }
    }
    if (!key) {
      console.error('clearinghouse secret is empty');
      throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
    }
    cached = { key, at: clock() };
    return key;
  }) as KeyLoader;
  load.forget = () => {
    cached = null;
  };
  return load;
}
