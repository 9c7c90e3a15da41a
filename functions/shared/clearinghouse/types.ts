/**
 * The clearinghouse (issue 16): eligibility (270/271), professional claims (837P) and the 277CA /
 * 835 reports per transaction, behind one interface with two adapters chosen by configuration
 * (index.ts): Stedi's healthcare APIs (stedi.ts) and the local sandbox (sandbox.ts). Both speak
 * Stedi's JSON shapes, so the code above them does not know which one answered.
 */
import type { StediEligibilityRequest } from '../../../domain/insurance/eligibility-request.ts';
import type { StediEligibilityResponse } from '../../../domain/insurance/eligibility.ts';

/** A claim as Stedi's JSON (professionalclaims/v3/submission) or as a raw X12 837P interchange. */
export type ClaimPayload = { json: Record<string, unknown> } | { x12: string };

export interface ClaimSubmission {
  /** Stedi's status text (e.g. SUCCESS). */
  status: string;
  controlNumber: string | null;
  /** The clearinghouse's transaction for this claim; 277CA and 835 reports are fetched by it. */
  transactionId: string | null;
  correlationId: string | null;
  patientControlNumber: string | null;
}

export type ReportKind = '277' | '835';

/** What to look for ERAs with: the caller's poll cursor (Stedi: the account's inbound transactions), or its claims' transactions (the sandbox). */
export interface EraRequest {
  /** The cursor an earlier call returned (Stedi's nextPageToken), or null for the first poll. */
  cursor: string | null;
  /** Where the first poll starts (Stedi's startDateTime). */
  since: Date;
  /** The clearinghouse transactions of the caller's claims awaiting payment (the sandbox answers per transaction). */
  transactionIds: string[];
}

/** Raw X12 835 interchanges, as the payer sent them, and the cursor to poll from next time. */
export interface EraBatch {
  eras: Array<{ transactionId: string; x12: string }>;
  cursor: string | null;
}

export interface Clearinghouse {
  readonly name: 'stedi' | 'sandbox';
  checkEligibility(request: StediEligibilityRequest): Promise<StediEligibilityResponse>;
  /** The same key for a retried submission: the clearinghouse answers it once. */
  submitClaim(claim: ClaimPayload, idempotencyKey: string): Promise<ClaimSubmission>;
  getReport(transactionId: string, kind: ReportKind): Promise<Record<string, unknown>>;
  /** The 835s received since the cursor (Stedi) or for these transactions (sandbox), as raw X12. */
  listEras(request: EraRequest): Promise<EraBatch>;
}

/** The caller-facing words for a clearinghouse that cannot answer; nothing was recorded. */
export const CLEARINGHOUSE_MESSAGES = {
  unavailable: 'The clearinghouse is not reachable right now. Nothing was recorded; try again in a few minutes.',
  timeout: 'The clearinghouse did not answer in time. Nothing was recorded; try again in a few minutes.',
  refused: 'The clearinghouse refused the request as incomplete. Check the client’s insurance (payer, member id, name and date of birth) and the practice’s NPI.',
  notFound: 'The clearinghouse has no such report yet.',
} as const;

export function clearinghouseRefusal(message: string, errorType: 'ClearinghouseUnavailable' | 'BadRequest' | 'NotFound'): Error {
  return Object.assign(new Error(message), { name: errorType, errorType });
}
