/**
 * The clearinghouse chosen by configuration (never by "is this a test"):
 *   CLEARINGHOUSE=sandbox  the local sandbox (local runtime, `npm start`);
 *   CLEARINGHOUSE=stedi    Stedi, key from Secrets Manager (CLEARINGHOUSE_SECRET_ID), base
 *                          CLEARINGHOUSE_API_BASE and CLEARINGHOUSE_CORE_BASE (tests point them at
 *                          the fake; default Stedi's);
 *   unset                  no clearinghouse configured: every call is ClearinghouseUnavailable.
 * The Api stack sets stedi when the environment's cdk.json names the secret (lib/config.ts).
 */
import { clearinghouseKey, type KeyLoader } from './secret.ts';
import { objectStoreSandbox, sandboxClearinghouse } from './sandbox.ts';
import { s3ObjectStore } from '../object-store.ts';
import { stediClearinghouse } from './stedi.ts';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal, type Clearinghouse } from './types.ts';
import type { EnrollmentApi } from './enrollment.ts';
import { sandboxEnrollments } from './enrollment-sandbox.ts';
import { stediEnrollments } from './enrollment-stedi.ts';

export * from './types.ts';

const loaders = new Map<string, KeyLoader>();
let sandbox: Clearinghouse | null = null;

function unavailable(): Clearinghouse {
  const refuse = async (): Promise<never> => {
    throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
  };
  return { name: 'stedi', checkEligibility: refuse, submitClaim: refuse, getReport: refuse, listEras: refuse };
}

function keyLoader(id: string, env: NodeJS.ProcessEnv): KeyLoader {
  let loader = loaders.get(id);
  if (!loader) {
    loader = clearinghouseKey(id, env);
    loaders.set(id, loader);
  }
  return loader;
}

/** Payer enrollment, chosen like the clearinghouse: the sandbox, Stedi's enrollment API (CLEARINGHOUSE_ENROLLMENT_BASE overrides its base), or unavailable. */
export function enrollmentApiFromEnv(env: NodeJS.ProcessEnv = process.env): EnrollmentApi {
  if (env.CLEARINGHOUSE === 'sandbox') return sandboxEnrollments();
  if (env.CLEARINGHOUSE === 'stedi' && env.CLEARINGHOUSE_SECRET_ID) {
    const key = keyLoader(env.CLEARINGHOUSE_SECRET_ID, env);
    return stediEnrollments({ apiKey: key, base: env.CLEARINGHOUSE_ENROLLMENT_BASE || undefined, onKeyRejected: () => key.forget(), timeoutMs: Number(env.CLEARINGHOUSE_TIMEOUT_MS) || undefined });
  }
  const refuse = async (): Promise<never> => {
    throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
  };
  return { name: 'stedi', ensureProvider: refuse, requestEnrollment: refuse, getEnrollment: refuse };
}

export function clearinghouseFromEnv(env: NodeJS.ProcessEnv = process.env): Clearinghouse {
  // The sandbox keeps its transactions in the media bucket (the local S3 stand-in) when there is one, so they outlive a restart.
  if (env.CLEARINGHOUSE === 'sandbox') return (sandbox ??= sandboxClearinghouse(env.BUCKET ? objectStoreSandbox(s3ObjectStore(env)) : undefined));
  if (env.CLEARINGHOUSE === 'stedi' && env.CLEARINGHOUSE_SECRET_ID) {
    const key = keyLoader(env.CLEARINGHOUSE_SECRET_ID, env);
    return stediClearinghouse({ apiKey: key, apiBase: env.CLEARINGHOUSE_API_BASE || undefined, coreBase: env.CLEARINGHOUSE_CORE_BASE || undefined, onKeyRejected: () => key.forget(), timeoutMs: Number(env.CLEARINGHOUSE_TIMEOUT_MS) || undefined });
  }
  if (env.CLEARINGHOUSE) console.error('clearinghouse misconfigured');
  return unavailable();
}
