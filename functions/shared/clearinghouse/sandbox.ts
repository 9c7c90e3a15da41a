/**
 * The local sandbox clearinghouse (CLEARINGHOUSE=sandbox, set by the local runtime): answers in
 * Stedi's JSON shapes without a network. Eligibility per member id (sandbox-members.ts). Claims:
 * one transaction per idempotency key (a repeat returns the first answer). A raw X12 837P is read
 * (sandbox-claims.ts), and its transaction's reports are real X12 as `{ x12: [interchange…] }`:
 * the 277CA (accepted, or rejected for the documented member ids) and the 835s (paid, partly paid,
 * denied, or paid then reversed, per member id); listEras answers the 835s of the transactions it
 * is given. Each transaction is kept in a SandboxStore: the media bucket (the local S3 stand-in,
 * under clearinghouse-sandbox/) on `npm start`, so a claim submitted before a restart still gets its
 * 277CA and 835; in memory when no bucket is configured.
 */
import { createHash } from 'node:crypto';
import type { ObjectStore } from '../object-store.ts';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal, type ClaimSubmission, type Clearinghouse } from './types.ts';
import { sandboxEligibility } from './sandbox-members.ts';
import { readSubmitted837, sandbox277, sandbox835 } from './sandbox-claims.ts';

/** One submission as the sandbox keeps it: its answer, the 837P sent (raw X12 only) and when. */
export interface SandboxTransaction {
  submission: ClaimSubmission;
  x12: string | null;
  at: string;
}

export interface SandboxStore {
  get(transactionId: string): Promise<SandboxTransaction | null>;
  put(transactionId: string, transaction: SandboxTransaction): Promise<void>;
}

export function memorySandbox(): SandboxStore {
  const map = new Map<string, SandboxTransaction>();
  return { get: async (id) => map.get(id) ?? null, put: async (id, t) => void map.set(id, t) };
}

export const SANDBOX_PREFIX = 'clearinghouse-sandbox/';

export function objectStoreSandbox(store: ObjectStore): SandboxStore {
  const key = (id: string) => `${SANDBOX_PREFIX}${id}.json`;
  return {
    async get(id) {
      const bytes = await store.read(key(id), 5_000_000);
      return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as SandboxTransaction) : null;
    },
    async put(id, t) {
      await store.write(key(id), new TextEncoder().encode(JSON.stringify(t)), { contentType: 'application/json' });
    },
  };
}

const digestOf = (key: string) => createHash('sha256').update(key).digest('hex');
/** The transaction of an idempotency key: the same key, the same transaction (and so the same stored answer). */
const transactionOf = (digest: string) => `sbx-${digest.slice(0, 24)}`;
/** The control numbers of its 277CA and 835s, from the transaction (its id carries the key's digest). */
const controlOf = (transactionId: string) => parseInt(transactionId.slice(12, 18), 16) % 900_000_000;

export function sandboxClearinghouse(store: SandboxStore = memorySandbox()): Clearinghouse {
  async function reports(transactionId: string, kind: '277' | '835'): Promise<Record<string, unknown>> {
    const t = /^sbx-[0-9a-f]{24}$/.test(transactionId) ? await store.get(transactionId) : null;
    if (!t) throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
    const at = new Date(t.at);
    const control = controlOf(transactionId);
    if (t.x12) {
      const claims = readSubmitted837(t.x12);
      if (kind === '277') return { transactionId, x12: [sandbox277(claims, control, new Date(at.getTime() + 60_000))] };
      return { transactionId, x12: claims.flatMap((c, i) => sandbox835(c, control + 10 * (i + 1), at)) };
    }
    if (kind !== '277') throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
    const claim = t.submission;
    return {
      transactionId,
      claims: [{ claimStatus: { patientAccountNumber: claim.patientControlNumber, statusCategoryCode: 'A1', statusCode: '20', statusCategoryCodeValue: 'Acknowledgement/Receipt', statusCodeValue: 'Accepted for processing' } }],
    };
  }

  return {
    name: 'sandbox',
    async checkEligibility(request) {
      return sandboxEligibility(request);
    },
    async submitClaim(claim, idempotencyKey) {
      if (!idempotencyKey) throw new Error('submitClaim needs an idempotency key');
      const digest = digestOf(idempotencyKey);
      const transactionId = transactionOf(digest);
      const known = await store.get(transactionId);
      if (known) return known.submission;
      const json = 'json' in claim ? claim.json : null;
      const info = (json?.claimInformation ?? {}) as Record<string, unknown>;
      const submission: ClaimSubmission = {
        status: 'SUCCESS',
        controlNumber: String(parseInt(digest.slice(0, 8), 16) % 1_000_000_000).padStart(9, '0'),
        transactionId,
        correlationId: `sbx-${digest.slice(24, 44)}`,
        patientControlNumber: (info.patientControlNumber as string) ?? null,
      };
      if ('x12' in claim) submission.patientControlNumber = readSubmitted837(claim.x12)[0]?.patientControlNumber ?? null;
      await store.put(transactionId, { submission, x12: 'x12' in claim ? claim.x12 : null, at: new Date().toISOString() });
      return submission;
    },
    getReport: reports,
    async listEras(request) {
      const eras: Array<{ transactionId: string; x12: string }> = [];
      for (const id of request.transactionIds) {
        let report: Record<string, unknown>;
        try {
          report = await reports(id, '835');
        } catch (err) {
          if ((err as { errorType?: string }).errorType === 'NotFound') continue;
          throw err;
        }
        for (const [i, x12] of ((report.x12 as string[] | undefined) ?? []).entries()) eras.push({ transactionId: `${id}-${i + 1}`, x12 });
      }
      return { eras, cursor: request.cursor };
    },
  };
}
