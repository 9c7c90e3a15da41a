/**
 * The clearinghouse API key, read at runtime from AWS Secrets Manager by name (CLEARINGHOUSE_SECRET_ID,
 * set by the Api stack from cdk.json's environment). SecretString is the key, or JSON {apiKey};
 * cached and dropped when refused as ../secret-key.ts does. A missing key is ClearinghouseUnavailable.
 */
import { cachedSecretKey, type SecretLoader } from '../secret-key.ts';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal } from './types.ts';

export type KeyLoader = SecretLoader;

export function clearinghouseKey(secretId: string, env: NodeJS.ProcessEnv = process.env, clock: () => number = Date.now): KeyLoader {
  return cachedSecretKey(secretId, { field: 'apiKey', label: 'clearinghouse', refuse: () => clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable') }, env, clock);
}
