/**
 * The claims Lambda's payload, scope and words (issue 16). The caller comes from `authorize` (practice
 * and roles from the membership, never from arguments). Scope: the whole practice for the billing
 * suite (owner, clinicianAdmin, biller: `billing`), their own claims for clinicianBasicBilling
 * (`billing.own`: claims filed under them — the client's primary clinician, as billing files lines);
 * a claim outside the scope, or of another practice, is "Claim not found", nothing read or written.
 */
import { ROLE_PERMISSIONS, PERMISSIONS } from '../../domain/permissions.ts';
import type { Role } from '../../domain/identity.ts';
import { CLAIM_ROLES, type Actor } from '../../domain/insurance/claim-stages.ts';
import { invalid, notFound, type AuditNote, type Item, type MemberAnswer, type MemberResult } from '../shared/member-answer.ts';
import { Refusal } from '../shared/refusal.ts';

export interface Caller {
  sub: string;
  practiceId: string;
  roles: string[];
}

export interface ClaimsRequest {
  field: string;
  caller?: Caller;
  cursor?: string | null;
  args: Record<string, unknown>;
}

export { invalid, notFound, type AuditNote, type Item };
export type ClaimsAnswer = MemberAnswer;
export type ClaimsResult = MemberResult;
export const conflict = (message: string = CLAIM_MESSAGES.changed) => new Refusal(message, 'ConflictError');

export const CLAIM_MESSAGES = {
  claimNotFound: 'Claim not found',
  eraNotFound: 'ERA not found',
  changed: 'This claim was changed by someone else. Reload it and try again.',
  batch: 'Choose between 1 and 50.',
  noSession: 'A session you chose is not billable to insurance (not an attended session of this practice). Reload the sessions and try again.',
  noInsurance: (name: string) => `${name} has no insurance on file: add the payer and member id in the client’s Insurance tab, then create the claim.`,
  notPrepared: (id: string, stage: string) => `Claim ${id} is in stage ${stage}: only a prepared claim is submitted. Fix its scrub problems first.`,
  notCorrectable: (id: string, stage: string) => `Claim ${id} is in stage ${stage}: only an accepted, paid, partially paid or denied claim is corrected or voided.`,
  notRescrubbable: (id: string, stage: string) => `Claim ${id} is in stage ${stage}: only a claim in scrub, prepared or rejected is scrubbed again.`,
  noPhone: 'The claim file names the practice’s phone as its contact: add it in Settings → Practice details, then submit again.',
  week: 'Choose a range of at most 31 days (YYYY-MM-DD).',
  notAnEra: 'This file is not an 835 payment advice (X12 005010X221A1): upload the ERA file your clearinghouse or payer sent.',
  eraPosted: 'This ERA is already posted.',
  noEraToPost: 'This ERA has nothing to post: every payment in it is held for manual matching.',
  cannotTake: (id: string, stage: string) => `Claim ${id} is in stage ${stage}: it cannot take this payment; nothing was posted for it.`,
  notHeld: 'This payment is not held for manual matching: it posts with its ERA. Reload the ERA and try again.',
  heldPosted: (id: string) => `This payment is already posted on claim ${id}: nothing was posted again.`,
  heldNotOurs: 'This payment is marked not ours: it is not posted.',
  heldChanged: 'Someone else just matched this payment or marked it not ours. Reload the ERA.',
} as const;

/** Whose claims the caller reaches. */
export function claimScope(roles: string[]): 'all' | 'own' {
  const all = roles.some((r) => ((ROLE_PERMISSIONS as Record<string, string[]>)[r as Role] ?? []).includes(PERMISSIONS.billing));
  return all ? 'all' : 'own';
}

/** The person moving a claim, as claim-stages.ts records it: their claim role (the broadest they hold). */
export function actorOf(caller: Caller): Actor {
  const role = CLAIM_ROLES.find((r) => caller.roles.includes(r));
  if (!role) throw new Refusal('Not Authorized', 'Unauthorized');
  return { kind: 'user', role, userId: caller.sub };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

/** 1–50 distinct ids, or a refusal naming the field. */
export function idList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 50 || !value.every(isId)) throw invalid(CLAIM_MESSAGES.batch, [{ field, reason: 'format' }]);
  return [...new Set(value)];
}
