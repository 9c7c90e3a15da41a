/**
 * Claim stages (issue 16; spec part 2 "Claim stages"): the one table of allowed transitions, with
 * who may make each (a role acting on the page, or a system step) and what is recorded. Nothing
 * else moves a claim: `moveClaim` is the only function that returns a claim in another stage, and it
 * does so only along a row of TRANSITIONS, appending the record (from, to, event, actor, at).
 *
 * The spec's "rejection radar signal status" is a display of rejected claims awaiting correction,
 * not a stage of its own. `partiallyPaid`, `denied` and `voided` are the outcomes of ERA posting
 * and of a void, which the spec's labels fold into "paid" and "rejected".
 */
import type { Role } from '../identity.ts';

export const CLAIM_STAGES = [
  'scrub',
  'prepared',
  'created',
  'submitted',
  'received',
  'accepted',
  'paymentReport',
  'paid',
  'partiallyPaid',
  'denied',
  'rejected',
  'voided',
] as const;
export type ClaimStage = (typeof CLAIM_STAGES)[number];

/** System steps that move claims without a person (each runs in its own Lambda or job). */
export type SystemActor = 'system:scrubber' | 'system:claimCreation' | 'system:clearinghouse' | 'system:eraPosting';
export type Actor = { kind: 'user'; role: Role; userId: string } | { kind: 'system'; step: SystemActor };

export type ClaimEvent =
  | 'scrubPassed'
  | 'edited'
  | 'fileCreated'
  | 'submitted'
  | 'clearinghouseAccepted'
  | 'clearinghouseRejected'
  | 'payerAccepted'
  | 'payerRejected'
  | 'eraMatched'
  | 'postedPaid'
  | 'postedPartial'
  | 'postedDenied'
  | 'reversed'
  | 'resubmitCorrected'
  | 'resubmitVoid'
  | 'voidAccepted';

/**
 * The roles that work claims (spec §6): biller and owner all claims, clinicianAdmin "as owner",
 * clinicianBasicBilling its own (ownership is the claims Lambda's check).
 */
export const CLAIM_ROLES: Role[] = ['owner', 'clinicianAdmin', 'biller', 'clinicianBasicBilling'];

export interface Transition {
  from: ClaimStage;
  to: ClaimStage;
  event: ClaimEvent;
  /** Who may make it: the claim roles (a person on the page) or one system step. */
  by: 'claimRoles' | SystemActor;
  /** What the record of this move keeps besides from/to/event/actor/at. */
  records: string[];
}

const T = (from: ClaimStage, to: ClaimStage, event: ClaimEvent, by: Transition['by'], records: string[] = []): Transition => ({ from, to, event, by, records });

/** The allowed transitions — the only ones. */
export const TRANSITIONS: readonly Transition[] = [
  T('scrub', 'prepared', 'scrubPassed', 'system:scrubber', ['scrub result (no errors; warnings kept)']),
  T('prepared', 'scrub', 'edited', 'claimRoles', ['changed fields']),
  T('prepared', 'created', 'fileCreated', 'system:claimCreation', ['ISA13/GS06/ST02 control numbers', 'stored 837P file key']),
  T('created', 'submitted', 'submitted', 'claimRoles', ['clearinghouse correlation id', 'idempotency key']),
  T('submitted', 'received', 'clearinghouseAccepted', 'system:clearinghouse', ['clearinghouse acknowledgement']),
  T('submitted', 'rejected', 'clearinghouseRejected', 'system:clearinghouse', ['rejection reasons']),
  T('received', 'accepted', 'payerAccepted', 'system:clearinghouse', ['277CA file key', "payer's claim control number"]),
  T('received', 'rejected', 'payerRejected', 'system:clearinghouse', ['277CA file key', 'STC status codes and reasons']),
  T('accepted', 'paymentReport', 'eraMatched', 'system:eraPosting', ['835 file key', 'posting proposal']),
  T('partiallyPaid', 'paymentReport', 'eraMatched', 'system:eraPosting', ['835 file key', 'posting proposal (a further payment)']),
  T('denied', 'paymentReport', 'eraMatched', 'system:eraPosting', ['835 file key', 'posting proposal (reprocessed)']),
  T('paymentReport', 'paid', 'postedPaid', 'claimRoles', ['posted payment lines']),
  T('paymentReport', 'partiallyPaid', 'postedPartial', 'claimRoles', ['posted payment lines', 'client responsibility']),
  T('paymentReport', 'denied', 'postedDenied', 'claimRoles', ['CARC/RARC reasons']),
  T('paid', 'paymentReport', 'reversed', 'system:eraPosting', ['835 file key (CLP02 22 reversal)']),
  T('partiallyPaid', 'paymentReport', 'reversed', 'system:eraPosting', ['835 file key (CLP02 22 reversal)']),
  T('rejected', 'scrub', 'edited', 'claimRoles', ['changed fields (resent with the same frequency code)']),
  T('accepted', 'scrub', 'resubmitCorrected', 'claimRoles', ['frequency 7', "payer's claim control number (REF*F8)"]),
  T('paid', 'scrub', 'resubmitCorrected', 'claimRoles', ['frequency 7', "payer's claim control number (REF*F8)"]),
  T('partiallyPaid', 'scrub', 'resubmitCorrected', 'claimRoles', ['frequency 7', "payer's claim control number (REF*F8)"]),
  T('denied', 'scrub', 'resubmitCorrected', 'claimRoles', ['frequency 7', "payer's claim control number (REF*F8)"]),
  T('accepted', 'scrub', 'resubmitVoid', 'claimRoles', ['frequency 8', "payer's claim control number (REF*F8)"]),
  T('paid', 'scrub', 'resubmitVoid', 'claimRoles', ['frequency 8', "payer's claim control number (REF*F8)"]),
  T('partiallyPaid', 'scrub', 'resubmitVoid', 'claimRoles', ['frequency 8', "payer's claim control number (REF*F8)"]),
  T('denied', 'scrub', 'resubmitVoid', 'claimRoles', ['frequency 8', "payer's claim control number (REF*F8)"]),
  T('received', 'voided', 'voidAccepted', 'system:clearinghouse', ['277CA file key (void acknowledged)']),
];

export interface StageRecord {
  from: ClaimStage;
  to: ClaimStage;
  event: ClaimEvent;
  actor: Actor;
  /** ISO time the move was recorded. */
  at: string;
  detail: Record<string, string>;
}

export interface ClaimState {
  readonly stage: ClaimStage;
  /** 1 original, 7 corrected, 8 void: what the next 837P of this claim is. */
  readonly frequencyCode: '1' | '7' | '8';
  readonly history: readonly StageRecord[];
}

export type MoveResult = { ok: true; claim: ClaimState; record: StageRecord } | { ok: false; reason: string };

export function newClaim(): ClaimState {
  return { stage: 'scrub', frequencyCode: '1', history: [] };
}

function allowed(t: Transition, actor: Actor): boolean {
  if (t.by === 'claimRoles') return actor.kind === 'user' && CLAIM_ROLES.includes(actor.role);
  return actor.kind === 'system' && actor.step === t.by;
}

/** The rows leaving `stage`. */
export function transitionsFrom(stage: ClaimStage): Transition[] {
  return TRANSITIONS.filter((t) => t.from === stage);
}

/**
 * Move `claim` by `event`. Refused (claim unchanged) when no row of the table starts at the claim's
 * stage with this event, when the actor may not make it, or when a void is acknowledged for a claim
 * that is not a void. Whether a clinicianBasicBilling user owns the claim is the caller's check.
 */
export function moveClaim(claim: ClaimState, event: ClaimEvent, actor: Actor, at: string, detail: Record<string, string> = {}): MoveResult {
  const row = TRANSITIONS.find((t) => t.from === claim.stage && t.event === event);
  if (!row) return { ok: false, reason: `A claim in stage ${claim.stage} cannot take “${event}”.` };
  // A void (frequency 8) that the payer acknowledges ends the claim; any other claim is accepted.
  if (event === 'voidAccepted' && claim.frequencyCode !== '8') return { ok: false, reason: 'Only a void claim (frequency 8) is closed by its acknowledgement.' };
  if (event === 'payerAccepted' && claim.frequencyCode === '8') return { ok: false, reason: 'A void claim (frequency 8) is closed by its acknowledgement, not accepted.' };
  if (!allowed(row, actor)) return { ok: false, reason: `${actor.kind === 'user' ? `Role ${actor.role}` : actor.step} may not move a claim by “${event}”.` };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(at)) return { ok: false, reason: 'The time of a move must be an ISO UTC time.' };
  const record: StageRecord = { from: claim.stage, to: row.to, event, actor, at, detail };
  const frequencyCode = event === 'resubmitCorrected' ? '7' : event === 'resubmitVoid' ? '8' : claim.frequencyCode;
  return { ok: true, record, claim: { stage: row.to, frequencyCode, history: [...claim.history, record] } };
}
