/**
 * Property: whatever claims a practice enters, the 837P writer either writes a file that passes our
 * structural checker or refuses with an X12DataError naming the field — never a broken file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build837P } from '../../../../domain/insurance/x12/claim-837p.ts';
import { check837P } from '../../../../domain/insurance/x12/check-837p.ts';
import type { ClaimBundle } from '../../../../domain/insurance/x12/claim-input.ts';
import { X12DataError } from '../../../../domain/insurance/x12/segments.ts';
import { CHILD, DEPENDENT, SELF_SUBSCRIBER, claimFile } from './claim-fixtures.ts';

// Mostly names as people have them (accents, apostrophes, hyphens, long ones), sometimes text a
// writer must refuse (separators, symbols).
const nameArb = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z' .-]{0,69}$/) },
  { weight: 3, arbitrary: fc.constantFrom('Zoë', "O'Brien", 'Nguyễn', 'Anne-Marie', 'José  María', 'Ørsted', 'Łukasz', 'Ñúñez') },
  { weight: 1, arbitrary: fc.constantFrom('Ngô*Bảo', 'Smith~', 'A:B', 'Li^Wei', '王芳', 'x@y') },
);
const dateArb = fc.date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2026-11-25T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const lineArb = (diagnoses: number) =>
  fc.record({
    procedureCode: fc.constantFrom('90791', '90832', '90834', '90837', '90846', '90847', '90853', 'H0004'),
    modifiers: fc.array(fc.constantFrom('HO', 'HN', 'AH', 'U4', '59', '95', 'GT'), { maxLength: 2 }),
    chargeCents: fc.integer({ min: 1, max: 500_000 }),
    units: fc.integer({ min: 1, max: 8 }),
    serviceDate: dateArb,
    diagnosisPointers: fc.uniqueArray(fc.integer({ min: 1, max: diagnoses }), { minLength: 1, maxLength: Math.min(4, diagnoses) }),
    placeOfService: fc.option(fc.constantFrom('02', '10', '11', '12', '53'), { nil: undefined }),
    lineControlNumber: fc.option(fc.stringMatching(/^[A-Z0-9]{1,20}$/), { nil: undefined }),
  });
const bundleArb: fc.Arbitrary<ClaimBundle> = fc.integer({ min: 1, max: 12 }).chain((diagnoses) =>
  fc.record({
    dependent: fc.boolean(),
    last: nameArb,
    first: nameArb,
    line1: nameArb,
    memberId: fc.stringMatching(/^[A-Z0-9]{2,20}$/),
    diagnoses: fc.array(fc.constantFrom('F41.1', 'F32.A', 'F33.1', 'F43.10', 'F90.2', 'Z63.0', 'F84.0', 'F50.00'), { minLength: diagnoses, maxLength: diagnoses }),
    lines: fc.array(lineArb(diagnoses), { minLength: 1, maxLength: 8 }),
    placeOfService: fc.constantFrom('02', '10', '11'),
    frequencyCode: fc.constantFrom('1' as const, '7' as const, '8' as const),
  }).map((r) => {
    const base = r.dependent ? DEPENDENT : SELF_SUBSCRIBER;
    return {
      ...base,
      subscriber: { ...base.subscriber, memberId: r.memberId, name: { last: r.last, first: r.first }, address: { ...base.subscriber.address, line1: r.line1 } },
      ...(r.dependent ? { patient: { ...CHILD, name: { last: r.first, first: r.last } } } : {}),
      claim: { ...base.claim, diagnoses: r.diagnoses, lines: r.lines, placeOfService: r.placeOfService, frequencyCode: r.frequencyCode, ...(r.frequencyCode === '1' ? {} : { originalClaimNumber: 'E2026111900123' }) },
    };
  }),
);

describe('837P writer (property)', () => {
  it('writes a file that passes the checker, or refuses naming the field', () => {
    let written = 0;
    fc.assert(
      fc.property(fc.array(bundleArb, { minLength: 1, maxLength: 4 }), (bundles) => {
        let raw: string;
        try {
          raw = build837P(claimFile(bundles, 7));
        } catch (e) {
          expect(e).toBeInstanceOf(X12DataError);
          expect((e as X12DataError).field).toMatch(/^claims\[\d\]\./);
          return;
        }
        written += 1;
        expect(check837P(raw)).toEqual([]);
      }),
      { numRuns: 100, seed: 837 },
    );
    expect(written).toBeGreaterThan(30);
  });
});
