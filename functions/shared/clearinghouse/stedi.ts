/**
 * Stedi's healthcare APIs (base https://healthcare.us.stedi.com/2024-04-01), the real clearinghouse:
 *   POST /change/medicalnetwork/eligibility/v3                           270/271 as JSON
 *   POST /change/medicalnetwork/professionalclaims/v3/submission         837P as JSON (Idempotency-Key)
 *   POST /change/medicalnetwork/professionalclaims/v3/raw-x12-submission 837P as X12 {x12} (Idempotency-Key)
 *   GET  /change/medicalnetwork/reports/v2/{transactionId}/277 | /835    the reports, as JSON
 * and Stedi's core API (base https://core.us.stedi.com/2023-08-01) for the ERAs, which arrive as
 * inbound transactions of their own (an 835's transaction is not the claim's):
 *   GET  /polling/transactions?startDateTime=… | pageToken=…  the account's processed transactions, oldest first
 *   GET  /transactions/{transactionId}/input                  302 {documentDownloadUrl}: the 835 as the payer sent it
 * The download URL is presigned (S3): it is fetched without our Authorization header.
 * The API key goes in `Authorization`. A payer's own refusal (AAA: member not found, payer down) is a
 * 200 with `errors` and is the caller's answer, not a failure. Failures map to our words only
 * (Stedi's text is never passed on): no answer in time or 5xx/429/network → ClearinghouseUnavailable
 * (retried first; POSTs only when they carry an idempotency key or are reads by nature, as the
 * eligibility check is); 401/403 → unavailable, the key dropped for a fresh read, logged without it;
 * 400/422 → BadRequest (the request was incomplete); 404 on a report → NotFound.
 */
import type { StediEligibilityRequest } from '../../../domain/insurance/eligibility-request.ts';
import { stediWireBody } from '../../../domain/insurance/eligibility-request.ts';
import type { StediEligibilityResponse } from '../../../domain/insurance/eligibility.ts';
import { Transient, stediExchange, type StediExchange } from './stedi-http.ts';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal, type ClaimPayload, type ClaimSubmission, type Clearinghouse, type EraBatch, type EraRequest, type ReportKind } from './types.ts';

export const STEDI_API_BASE = 'https://healthcare.us.stedi.com/2024-04-01';
export const STEDI_CORE_BASE = 'https://core.us.stedi.com/2023-08-01';
/** Pages of polled transactions read per call (100 each); the cursor resumes where it stopped. */
const MAX_POLL_PAGES = 10;

export interface StediOptions {
  apiKey: () => Promise<string>;
  apiBase?: string;
  coreBase?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  attempts?: number;
  backoffMs?: (attempt: number) => number;
  onKeyRejected?: () => void;
}


/** The part of a polled transaction (core API TransactionSummary) the ERA retrieval reads. */
interface PolledTransaction {
  transactionId?: unknown;
  direction?: string;
  x12?: { metadata?: { transaction?: { transactionSetIdentifier?: string } } };
}

export function stediClearinghouse(options: StediOptions): Clearinghouse {
  const base = (options.apiBase ?? STEDI_API_BASE).replace(/\/+$/, '');
  const core = (options.coreBase ?? STEDI_CORE_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const attempts = options.attempts ?? 2;
  const backoff = options.backoffMs ?? ((n: number) => 250 * 2 ** (n - 1));

  async function once(method: 'GET' | 'POST', url: string, body: unknown, idempotencyKey?: string): Promise<StediExchange> {
    return stediExchange(doFetch, { method, url, apiKey: await options.apiKey(), body, idempotencyKey, timeoutMs, redirect: 'manual' });
  }

  async function call(method: 'GET' | 'POST', path: string, what: string, body?: unknown, idempotencyKey?: string): Promise<unknown> {
    return (await exchange(method, `${base}${path}`, what, body, idempotencyKey)).json ?? {};
  }

  async function exchange(method: 'GET' | 'POST', url: string, what: string, body?: unknown, idempotencyKey?: string): Promise<{ json: unknown; location: string | null }> {
    let last: Transient | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((r) => setTimeout(r, backoff(attempt - 1)));
      let out: { status: number; json: unknown; location: string | null };
      try {
        out = await once(method, url, body, idempotencyKey);
      } catch (err) {
        if (!(err instanceof Transient)) throw err;
        last = err;
        continue;
      }
      if (out.status === 401 || out.status === 403) {
        options.onKeyRejected?.();
        console.error(`clearinghouse ${what} refused our credentials (${out.status})`);
        throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
      }
      if (out.status === 404 && (what === 'report' || what === 'era')) throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
      if (out.status >= 400) {
        console.error(`clearinghouse ${what} rejected the request (${out.status})`);
        throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.refused, 'BadRequest');
      }
      return { json: out.json, location: out.location };
    }
    console.error(`clearinghouse ${what} unavailable (${last?.message ?? 'unknown'})`);
    throw clearinghouseRefusal(last?.message === 'timeout' ? CLEARINGHOUSE_MESSAGES.timeout : CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
  }

  /** The raw 835 behind an inbound transaction: its input document, downloaded from the presigned URL without our key. */
  async function eraText(transactionId: string): Promise<string> {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(transactionId)) throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
    const out = await exchange('GET', `${core}/transactions/${encodeURIComponent(transactionId)}/input`, 'era');
    const link = ((out.json ?? {}) as Record<string, unknown>).documentDownloadUrl;
    const url = typeof link === 'string' ? link : out.location;
    if (!url || !/^https?:\/\//.test(url)) throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (response.ok) return await response.text();
        if (response.status < 500) break;
      } catch {
        // a network failure or a timeout: tried again, then unavailable
      }
    }
    console.error('clearinghouse era download failed');
    throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
  }

  return {
    name: 'stedi',
    async checkEligibility(request: StediEligibilityRequest): Promise<StediEligibilityResponse> {
      return (await call('POST', '/change/medicalnetwork/eligibility/v3', 'eligibility', stediWireBody(request))) as StediEligibilityResponse;
    },
    async submitClaim(claim: ClaimPayload, idempotencyKey: string): Promise<ClaimSubmission> {
      if (!idempotencyKey) throw new Error('submitClaim needs an idempotency key');
      const path = 'x12' in claim ? '/change/medicalnetwork/professionalclaims/v3/raw-x12-submission' : '/change/medicalnetwork/professionalclaims/v3/submission';
      const body = 'x12' in claim ? { x12: claim.x12 } : claim.json;
      const out = (await call('POST', path, 'claim', body, idempotencyKey)) as Record<string, unknown>;
      const ref = (out.claimReference ?? {}) as Record<string, unknown>;
      return {
        status: String((out.status as string | undefined) ?? ''),
        controlNumber: (out.controlNumber as string) ?? null,
        transactionId: (out.transactionId as string) ?? (ref.correlationId as string) ?? null,
        correlationId: (ref.correlationId as string) ?? null,
        patientControlNumber: (ref.patientControlNumber as string) ?? null,
      };
    },
    async getReport(transactionId: string, kind: ReportKind): Promise<Record<string, unknown>> {
      if (!/^[A-Za-z0-9-]{1,100}$/.test(transactionId)) throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
      return (await call('GET', `/change/medicalnetwork/reports/v2/${encodeURIComponent(transactionId)}/${kind}`, 'report')) as Record<string, unknown>;
    },
    async listEras(request: EraRequest): Promise<EraBatch> {
      let cursor = request.cursor;
      const eras: EraBatch['eras'] = [];
      for (let page = 0; page < MAX_POLL_PAGES; page++) {
        const query = cursor ? `pageToken=${encodeURIComponent(cursor)}` : `startDateTime=${encodeURIComponent(request.since.toISOString())}`;
        const out = ((await exchange('GET', `${core}/polling/transactions?pageSize=100&${query}`, 'poll')).json ?? {}) as { items?: PolledTransaction[]; nextPageToken?: string };
        const items = Array.isArray(out.items) ? out.items : [];
        for (const item of items) {
          if (item.direction !== 'INBOUND' || item.x12?.metadata?.transaction?.transactionSetIdentifier !== '835' || typeof item.transactionId !== 'string') continue;
          eras.push({ transactionId: item.transactionId, x12: await eraText(item.transactionId) });
        }
        // The cursor moves only past a page read whole: a failure above leaves it where it was.
        if (typeof out.nextPageToken === 'string' && out.nextPageToken) cursor = out.nextPageToken;
        if (items.length === 0) break;
      }
      return { eras, cursor };
    },
  };
}
