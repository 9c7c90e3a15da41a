/**
 * The card processor's secret key, read at runtime from AWS Secrets Manager (the secret named by
 * STRIPE_SECRET_ID; its SecretString is the key, or JSON with `secretKey`), cached and dropped when
 * refused as secret-key.ts does. A missing secret is PaymentUnavailable.
 */
import { cachedSecretKey, type SecretLoader } from './secret-key.ts';

export type { SecretLoader };

const paymentUnavailable = () =>
  Object.assign(new Error('Payments are not available right now. Your plan has not changed; try again later.'), { name: 'PaymentUnavailable', errorType: 'PaymentUnavailable' });

export function secretsManagerKey(secretId: string, env: NodeJS.ProcessEnv = process.env, clock: () => number = Date.now): SecretLoader {
  return cachedSecretKey(secretId, { field: 'secretKey', label: 'payment', refuse: paymentUnavailable }, env, clock);
}
