/**
 * Payer enrollment through the clearinghouse (issue 16): Stedi's Transaction Enrollment API — a
 * provider record (name, NPI, tax id, contacts; no PHI), then one enrollment request per payer and
 * transaction type (837P claims: professionalClaimSubmission, 835 ERA: claimPayment), each with its
 * status (DRAFT, STEDI_ACTION_REQUIRED, PROVIDER_ACTION_REQUIRED, SUBMITTED, PROVISIONING, LIVE,
 * REJECTED, CANCELED) and Stedi's `reason` when it waits on someone or was rejected. Two adapters
 * chosen by the same configuration as the rest of the clearinghouse (index.ts): Stedi
 * (enrollment-stedi.ts) and the local sandbox (enrollment-sandbox.ts), which moves a request through
 * its statuses by the time since it was made.
 */
import type { EnrollmentState, EnrollmentType } from '../../../domain/insurance/payers.ts';

export const STEDI_ENROLLMENT_STATUSES = ['DRAFT', 'STEDI_ACTION_REQUIRED', 'PROVIDER_ACTION_REQUIRED', 'SUBMITTED', 'PROVISIONING', 'LIVE', 'REJECTED', 'CANCELED'] as const;
export type StediEnrollmentStatus = (typeof STEDI_ENROLLMENT_STATUSES)[number];

/** Stedi's transaction type for each of ours. */
export const STEDI_TRANSACTION: Record<EnrollmentType, 'professionalClaimSubmission' | 'claimPayment'> = {
  claims: 'professionalClaimSubmission',
  era: 'claimPayment',
};

/** Where the payer (and Stedi) send communications about the enrollment: the practice, never a client. */
export interface EnrollmentContact {
  organizationName: string;
  streetAddress1: string;
  city: string;
  state: string;
  /** Five digits. */
  zipCode: string;
  /** Ten digits. */
  phone: string;
  email: string;
}

export interface ProviderInput {
  name: string;
  npi: string;
  /** Nine digits, no separators. */
  taxId: string;
  taxIdType: 'EIN' | 'SSN';
  contact: EnrollmentContact;
}

export interface EnrollmentInput {
  providerId: string;
  /** Our payer id (Stedi accepts it as a payer id or alias: idOrAlias). */
  payerId: string;
  type: EnrollmentType;
  contact: EnrollmentContact;
}

export interface ClearinghouseEnrollment {
  id: string;
  status: StediEnrollmentStatus;
  /** Stedi's reason (why it is still provisioning, waits on the provider, or was rejected); null when none. */
  reason: string | null;
}

export interface EnrollmentApi {
  readonly name: 'stedi' | 'sandbox';
  /** The provider record for this NPI and tax id: the one already there, else a new one. */
  ensureProvider(provider: ProviderInput): Promise<string>;
  /** The open enrollment of this provider with this payer for this type, else a new one submitted for processing. */
  requestEnrollment(request: EnrollmentInput): Promise<ClearinghouseEnrollment>;
  getEnrollment(id: string): Promise<ClearinghouseEnrollment>;
}

/** Stedi's status as our state (domain/insurance/payers.ts): submitted → requested, being worked → inProgress, LIVE → enrolled. */
export function stateOfStatus(status: StediEnrollmentStatus): EnrollmentState {
  switch (status) {
    case 'LIVE':
      return 'enrolled';
    case 'REJECTED':
    case 'CANCELED':
      return 'rejected';
    case 'PROVISIONING':
    case 'PROVIDER_ACTION_REQUIRED':
      return 'inProgress';
    default:
      return 'requested';
  }
}

/** Statuses after which nothing changes without a new request. */
export const FINAL_STATUSES: readonly StediEnrollmentStatus[] = ['LIVE', 'REJECTED', 'CANCELED'];
