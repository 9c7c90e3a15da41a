/**
 * The local sandbox clearinghouse (CLEARINGHOUSE=sandbox, set by the local runtime): answers in
 * Stedi's JSON shapes without a network. Eligibility per member id (sandbox-members.ts). Claims:
 * one transaction per idempotency key (a repeat returns the first answer). A raw X12 837P is read
 * (sandbox-claims.ts), and its transaction's reports are real X12 as `{ x12: [interchange…] }`:
 * the 277CA (accepted, or rejected for the documented member ids) and the 835s (paid, partly paid,
 * denied, or paid then reversed, per member id). The transactions live in this process's memory:
 * after a restart of `npm start` a claim submitted before it has no reports (NotFound).
 */
import { createHash } from 'node:crypto';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal, type ClaimSubmission, type Clearinghouse } from './types.ts';
import { sandboxEligibility } from './sandbox-members.ts';
import { readSubmitted837, sandbox277, sandbox835, type SandboxClaim } from './sandbox-claims.ts';

export function sandboxClearinghouse(): Clearinghouse {
  const claims = new Map<string, ClaimSubmission>();
  const submitted = new Map<string, { claims: SandboxClaim[]; at: Date; control: number }>();
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
      if ('x12' in claim) {
        const read = readSubmitted837(claim.x12);
        submission.patientControlNumber = read[0]?.patientControlNumber ?? null;
        submitted.set(submission.transactionId!, { claims: read, at: new Date(), control: parseInt(digest.slice(8, 14), 16) % 900_000_000 });
      }
      claims.set(idempotencyKey, submission);
      return submission;
    },
    async getReport(transactionId, kind) {
      const raw = submitted.get(transactionId);
      if (raw) {
        if (kind === '277') return { transactionId, x12: [sandbox277(raw.claims, raw.control, new Date(raw.at.getTime() + 60_000))] };
        return { transactionId, x12: raw.claims.flatMap((c, i) => sandbox835(c, raw.control + 10 * (i + 1), raw.at)) };
      }
      const claim = [...claims.values()].find((c) => c.transactionId === transactionId);
      if (!claim || kind !== '277') throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.notFound, 'NotFound');
      return {
        transactionId,
        claims: [{ claimStatus: { patientAccountNumber: claim.patientControlNumber, statusCategoryCode: 'A1', statusCode: '20', statusCategoryCodeValue: 'Acknowledgement/Receipt', statusCodeValue: 'Accepted for processing' } }],
      };
    },
  };
}
