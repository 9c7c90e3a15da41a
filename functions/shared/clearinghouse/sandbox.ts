/**
 * The local sandbox clearinghouse (CLEARINGHOUSE=sandbox, set by the local runtime): answers in
 * Stedi's JSON shapes without a network. Eligibility per member id (sandbox-members.ts). Claims:
 * one transaction per idempotency key (a repeat returns the first answer), acknowledged by a 277CA
 * report fetched per transaction; the 835 report is not produced by this slice (NotFound).
 */
import { createHash } from 'node:crypto';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal, type ClaimSubmission, type Clearinghouse } from './types.ts';
import { sandboxEligibility } from './sandbox-members.ts';

export function sandboxClearinghouse(): Clearinghouse {
  const claims = new Map<string, ClaimSubmission>();
  return {
    name: 'sandbox',
    async checkEligibility(request) {
      return sandboxEligibility(request);
    },
    async submitClaim(claim, idempotencyKey) {
      if (!idempotencyKey) throw new Error('submitClaim needs an idempotency key');
      const known = claims.get(idempotencyKey);
      if (known) return known;
      const digest = createHash('sha256').update(idempotencyKey).digest('hex');
      const json = 'json' in claim ? claim.json : null;
      const info = (json?.claimInformation ?? {}) as Record<string, unknown>;
      const submission: ClaimSubmission = {
        status: 'SUCCESS',
        controlNumber: String(parseInt(digest.slice(0, 8), 16) % 1_000_000_000).padStart(9, '0'),
        transactionId: `sbx-${digest.slice(0, 24)}`,
        correlationId: `sbx-${digest.slice(24, 44)}`,
        patientControlNumber: (info.patientControlNumber as string) ?? null,
      };
      claims.set(idempotencyKey, submission);
      return submission;
    },
    async getReport(transactionId, kind) {
      const claim = [...claims.values()].find((c) => c.transactionId === transactionId);
      if (!claim || kind !== '277') throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
      return {
        transactionId,
        claims: [{ claimStatus: { patientAccountNumber: claim.patientControlNumber, statusCategoryCode: 'A1', statusCode: '20', statusCategoryCodeValue: 'Acknowledgement/Receipt', statusCodeValue: 'Accepted for processing' } }],
      };
    },
  };
}
