import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as stages from '../../../../domain/insurance/claim-stages.ts';
import { CLAIM_ROLES, CLAIM_STAGES, TRANSITIONS, moveClaim, newClaim, transitionsFrom, type Actor, type ClaimEvent, type ClaimState } from '../../../../domain/insurance/claim-stages.ts';
import { ROLES } from '../../../../domain/identity.ts';

const EVENTS = [...new Set(TRANSITIONS.map((t) => t.event))] as ClaimEvent[];
const SYSTEM_STEPS = ['system:scrubber', 'system:claimCreation', 'system:clearinghouse', 'system:eraPosting'] as const;
const AT = '2026-11-25T14:30:00Z';
const biller: Actor = { kind: 'user', role: 'biller', userId: 'u-biller' };
const sys = (step: (typeof SYSTEM_STEPS)[number]): Actor => ({ kind: 'system', step });

const actorArb: fc.Arbitrary<Actor> = fc.oneof(
  fc.constantFrom(...ROLES).map((role): Actor => ({ kind: 'user', role, userId: `u-${role}` })),
  fc.constantFrom(...SYSTEM_STEPS).map(sys),
);

function run(steps: Array<[ClaimEvent, Actor]>): ClaimState {
  return steps.reduce((claim, [event, actor]) => {
    const r = moveClaim(claim, event, actor, AT);
    if (!r.ok) throw new Error(r.reason);
    return r.claim;
  }, newClaim());
}

describe('claim stages: the one transitions table', () => {
  it('has one row per stage and event, and every stage is reachable from scrub', () => {
    const keys = TRANSITIONS.map((t) => `${t.from}/${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
    const reached = new Set<string>(['scrub']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of TRANSITIONS) {
        if (reached.has(t.from) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...CLAIM_STAGES].sort());
    expect(transitionsFrom('voided')).toEqual([]);
  });

  it('only newClaim and moveClaim make claim states (nothing else can move a claim)', () => {
    const functions = Object.entries(stages).filter(([, v]) => typeof v === 'function').map(([k]) => k).sort();
    expect(functions).toEqual(['moveClaim', 'newClaim', 'transitionsFrom']);
  });

  it('walks the happy path to paid, recording who and when at each move', () => {
    const claim = run([
      ['scrubPassed', sys('system:scrubber')],
      ['fileCreated', sys('system:claimCreation')],
      ['submitted', biller],
      ['clearinghouseAccepted', sys('system:clearinghouse')],
      ['payerAccepted', sys('system:clearinghouse')],
      ['eraMatched', sys('system:eraPosting')],
      ['postedPaid', { kind: 'user', role: 'owner', userId: 'u-owner' }],
    ]);
    expect(claim.stage).toBe('paid');
    expect(claim.history.map((r) => `${r.from}>${r.to}`).join(' ')).toBe('scrub>prepared prepared>created created>submitted submitted>received received>accepted accepted>paymentReport paymentReport>paid');
    expect(claim.history[2]).toMatchObject({ actor: biller, at: AT, event: 'submitted' });
  });

  it('a rejected claim goes back to scrub; a corrected or void resubmission sets frequency 7 or 8; a void closes on its acknowledgement', () => {
    const toAccepted: Array<[ClaimEvent, Actor]> = [
      ['scrubPassed', sys('system:scrubber')],
      ['fileCreated', sys('system:claimCreation')],
      ['submitted', biller],
      ['clearinghouseAccepted', sys('system:clearinghouse')],
    ];
    const rejected = run([...toAccepted, ['payerRejected', sys('system:clearinghouse')], ['edited', biller]]);
    expect([rejected.stage, rejected.frequencyCode]).toEqual(['scrub', '1']);
    const corrected = run([...toAccepted, ['payerAccepted', sys('system:clearinghouse')], ['resubmitCorrected', biller]]);
    expect([corrected.stage, corrected.frequencyCode]).toEqual(['scrub', '7']);
    const voided = run([...toAccepted, ['payerAccepted', sys('system:clearinghouse')], ['resubmitVoid', biller], ...toAccepted, ['voidAccepted', sys('system:clearinghouse')]]);
    expect([voided.stage, voided.frequencyCode]).toEqual(['voided', '8']);
    const original = run(toAccepted);
    expect(moveClaim(original, 'voidAccepted', sys('system:clearinghouse'), AT)).toEqual({ ok: false, reason: 'Only a void claim (frequency 8) is closed by its acknowledgement.' });
  });

  it('refuses a scheduler, a role without claims, and a system step out of its place', () => {
    const prepared = run([['scrubPassed', sys('system:scrubber')], ['fileCreated', sys('system:claimCreation')]]);
    expect(moveClaim(prepared, 'submitted', { kind: 'user', role: 'scheduler', userId: 'u' }, AT)).toEqual({ ok: false, reason: 'Role scheduler may not move a claim by “submitted”.' });
    expect(moveClaim(prepared, 'submitted', sys('system:eraPosting'), AT).ok).toBe(false);
    expect(moveClaim(newClaim(), 'scrubPassed', biller, AT).ok).toBe(false);
  });

  it('property: any sequence of events by anyone moves a claim only along table rows by their allowed actors', () => {
    const seen = new Set<string>();
    // Each step is either any event by anyone, or (to reach deep stages) an event the table offers
    // from the current stage by the actor it names or by any role.
    const step = fc.tuple(fc.nat(3).map((n) => n > 0), fc.nat(), fc.constantFrom(...EVENTS), actorArb, fc.constantFrom(...ROLES));
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 80 }), (steps) => {
        let claim = newClaim();
        let moves = 0;
        for (const [offered, n, anyEvent, anyActor, role] of steps) {
          const rows = transitionsFrom(claim.stage);
          const pick = rows[n % Math.max(rows.length, 1)];
          const event = offered && pick ? pick.event : anyEvent;
          const actor: Actor = offered && pick ? (pick.by === 'claimRoles' ? { kind: 'user', role, userId: 'u' } : sys(pick.by)) : anyActor;
          const r = moveClaim(claim, event, actor, AT);
          if (!r.ok) continue;
          const matching = TRANSITIONS.filter((t) => t.from === claim.stage && t.to === r.claim.stage && t.event === event);
          expect(matching).toHaveLength(1);
          const row = matching[0];
          if (row.by === 'claimRoles') expect(actor.kind === 'user' && CLAIM_ROLES.includes(actor.role)).toBe(true);
          else expect(actor).toEqual({ kind: 'system', step: row.by });
          expect(r.claim.history.slice(0, -1)).toEqual(claim.history);
          expect(r.record).toEqual({ from: claim.stage, to: r.claim.stage, event, actor, at: AT, detail: {} });
          seen.add(`${claim.stage}/${event}`);
          claim = r.claim;
          moves += 1;
        }
        expect(claim.history).toHaveLength(moves);
        if (claim.stage === 'voided') expect(claim.frequencyCode).toBe('8');
      }),
      { numRuns: 500, seed: 16 },
    );
    // The runs exercised every row of the table.
    expect([...seen].sort()).toEqual([...new Set(TRANSITIONS.map((t) => `${t.from}/${t.event}`))].sort());
  });
});
