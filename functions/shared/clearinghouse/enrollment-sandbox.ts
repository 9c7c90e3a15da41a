/**
 * The local sandbox's payer enrollment (CLEARINGHOUSE=sandbox): Stedi's statuses without a network,
 * deterministic and kept in nothing but the ids, so they outlive a restart of `npm start`. A provider's
 * id comes from its NPI and tax id; an enrollment's id carries its type, payer and when it was made, and
 * its status follows from the time since then:
 *   under 1 minute  STEDI_ACTION_REQUIRED (submitted, in Stedi's queue)
 *   under 3 minutes PROVISIONING (Stedi is working with the payer)
 *   after that      LIVE — except ERA enrollment with Humana (61101), the documented rejected case:
 *                   REJECTED with the payer's reason.
 */
import { createHash } from 'node:crypto';
import { clearinghouseRefusal } from './types.ts';
import type { ClearinghouseEnrollment, EnrollmentApi, EnrollmentInput, ProviderInput } from './enrollment.ts';

export const SANDBOX_ENROLLMENT = {
  submittedMs: 60_000,
  provisioningMs: 3 * 60_000,
  rejectedPayer: '61101',
  rejectedType: 'era',
  provisioningReason: 'Stedi has sent the request to the payer; the payer usually answers within 5 business days.',
  rejectedReason: 'The payer has no record of this NPI with this tax id. Confirm the provider is credentialed with the payer, then request enrollment again.',
} as const;

const ID = /^sbxenr-(claims|era)-([0-9a-z]{1,12})-([A-Za-z0-9]{1,20})$/;

export function sandboxEnrollments(clock: () => Date = () => new Date()): EnrollmentApi {
  const statusOf = (id: string): ClearinghouseEnrollment => {
    const m = ID.exec(id);
    if (!m) throw clearinghouseRefusal('The clearinghouse has no such enrollment.', 'NotFound');
    const age = clock().getTime() - parseInt(m[2], 36);
    if (age < SANDBOX_ENROLLMENT.submittedMs) return { id, status: 'STEDI_ACTION_REQUIRED', reason: null };
    if (age < SANDBOX_ENROLLMENT.provisioningMs) return { id, status: 'PROVISIONING', reason: SANDBOX_ENROLLMENT.provisioningReason };
    if (m[1] === SANDBOX_ENROLLMENT.rejectedType && m[3] === SANDBOX_ENROLLMENT.rejectedPayer) return { id, status: 'REJECTED', reason: SANDBOX_ENROLLMENT.rejectedReason };
    return { id, status: 'LIVE', reason: null };
  };
  return {
    name: 'sandbox',
    async ensureProvider(provider: ProviderInput): Promise<string> {
      return `sbxprov-${createHash('sha256').update(`${provider.npi}#${provider.taxId}`).digest('hex').slice(0, 20)}`;
    },
    async requestEnrollment(request: EnrollmentInput): Promise<ClearinghouseEnrollment> {
      return statusOf(`sbxenr-${request.type}-${clock().getTime().toString(36)}-${request.payerId}`);
    },
    async getEnrollment(id: string): Promise<ClearinghouseEnrollment> {
      return statusOf(id);
    },
  };
}
