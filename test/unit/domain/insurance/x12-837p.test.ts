import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build837P, nextControlNumbers } from '../../../../domain/insurance/x12/claim-837p.ts';
import { check837P } from '../../../../domain/insurance/x12/check-837p.ts';
import { X12DataError, amount, cents, parseX12, text } from '../../../../domain/insurance/x12/segments.ts';
import { DEPENDENT, GOLDEN, MULTIPLE, SELF_SUBSCRIBER, TELEHEALTH, UHC, claimFile } from './claim-fixtures.ts';

const FIXTURES = resolve(import.meta.dirname, '../../../fixtures/x12');
const golden = (name: string) => readFileSync(resolve(FIXTURES, `837p-${name}.x12`), 'utf8');
const segmentsOf = (raw: string) => raw.split('~').map((s) => s.trim()).filter(Boolean);

describe('837P golden files, segment by segment', () => {
  for (const [name, input] of Object.entries(GOLDEN)) {
    it(name, () => {
      const built = segmentsOf(build837P(input));
      const expected = segmentsOf(golden(name));
      built.forEach((segment, i) => expect(`${i + 1}: ${segment}`).toBe(`${i + 1}: ${expected[i]}`));
      expect(built.length).toBe(expected.length);
    });
  }
});

describe('837P structure (our own checker of the implementation guide rules)', () => {
  for (const name of Object.keys(GOLDEN)) {
    it(`${name} passes every structural check`, () => expect(check837P(golden(name))).toEqual([]));
  }

  it('a file of several claims keeps one HL chain and one SE count', () => {
    const raw = build837P(claimFile([SELF_SUBSCRIBER, DEPENDENT, TELEHEALTH, MULTIPLE], 9));
    expect(check837P(raw)).toEqual([]);
    const hl = parseX12(raw).segments.filter((s) => s.id === 'HL').map((s) => s.elements.slice(1).join('*'));
    expect(hl).toEqual(['1**20*1', '2*1*22*0', '3*1*22*1', '4*3*23*0', '5*1*22*0', '6*1*22*0']);
  });

  const base = golden('dependent');
  const broken: Array<[string, string, RegExp]> = [
    ['a wrong SE count', base.replace('SE*32*0001', 'SE*31*0001'), /SE01 says 31/],
    ['an SE02 that is not ST02', base.replace('SE*32*0001', 'SE*32*0002'), /SE02 does not match/],
    ['a GE02 that is not GS06', base.replace('GE*1*102', 'GE*1*103'), /GE02 does not match/],
    ['an IEA02 that is not ISA13', base.replace('IEA*1*000000102', 'IEA*1*000000103'), /IEA02 does not match/],
    ['a short ISA06', base.replace('HLCG0001       *ZZ', 'HLCG0001      *ZZ'), /ISA06 is 14 wide/],
    ['the wrong guide in GS08', base.replace('X*005010X222A1', 'X*005010X223A2'), /GS08/],
    ['a patient level under the billing provider', base.replace('HL*3*2*23*0', 'HL*3*1*23*0'), /HL 3 \(23\) has parent 1/],
    ['a subscriber that claims no children', base.replace('HL*2*1*22*1', 'HL*2*1*22*0'), /HL04 is 0 but it has children/],
    ['HI after the rendering provider', base.replace('HI*ABK:F902*ABF:F4322~\n', '').replace('PRV*PE*PXC*101YP2500X~', 'PRV*PE*PXC*101YP2500X~\nHI*ABK:F902*ABF:F4322~'), /loop order/],
    ['a 61-character payer name', base.replace('UNITEDHEALTHCARE', 'U'.repeat(61)), /NM1.PR .* element 3 is 61 long/],
    ['lower-case data', base.replace('88 ALDER AVE~\nN4*BEAVERTON', '88 Alder Ave~\nN4*BEAVERTON'), /outside the character set/],
    ['a pointer to a missing diagnosis', base.replace('***1:2~', '***1:3~'), /SV107 pointers 1:3/],
    ['a total that is not the sum of the lines', base.replace('CLM*C26112500002*95*', 'CLM*C26112500002*96*'), /not the sum/],
    ['a billing ZIP of 5 digits', base.replace('N4*PORTLAND*OR*972041234', 'N4*PORTLAND*OR*97204'), /2010AA N4 ZIP/],
    ['a tax id with its hyphen', base.replace('REF*EI*841234567', 'REF*EI*84-1234567'), /REF\*EI/],
    ['a billing NPI with a wrong check digit', base.replace('XX*1234567893', 'XX*1234567890'), /2010AA NM1\*85/],
    ['a subscriber DMG for a dependent', base.replace('N4*BEAVERTON*OR*970052210~\nNM1*PR', 'N4*BEAVERTON*OR*970052210~\nDMG*D8*19791102*M~\nNM1*PR'), /DMG sent although/],
    ['a replacement claim without REF*F8', base.replace('11:B:1', '11:B:7'), /REF\*F8 missing/],
    ['a line POS equal to the claim POS', base.replace('*UN*1***1:2', '*UN*1*11**1:2'), /SV105 repeats/],
    ['a service facility ZIP of 5 digits', golden('multiple-diagnoses-and-lines').replace('N4*BEAVERTON*OR*970058716', 'N4*BEAVERTON*OR*97005'), /2310C N4 ZIP/],
    ['a service facility after the supervisor', golden('multiple-diagnoses-and-lines').replace(/(NM1\*77[^~]*~\nN3[^~]*~\nN4[^~]*~\n)(NM1\*DQ[^~]*~\n)/, '$2$1'), /loop order/],
  ];
  for (const [what, raw, message] of broken) {
    it(`fails on ${what}`, () => expect(check837P(raw).join('\n')).toMatch(message));
  }
});

describe('837P content rules', () => {
  it('adds the payer’s telehealth modifier on POS 02/10 lines only, and the credential modifier where the payer wants it', () => {
    const uhcTele = { ...TELEHEALTH, payer: UHC };
    expect(build837P(claimFile([uhcTele], 1))).toContain('SV1*HC:90837:GT*180*UN*1***1~');
    expect(build837P(claimFile([SELF_SUBSCRIBER], 1))).toContain('SV1*HC:90834*140*UN*1***1~');
    expect(build837P(claimFile([TELEHEALTH], 1))).toContain('SV1*HC:90837:95*180*UN*1***1~');
  });

  it('writes DMG in 2010BA only when the subscriber is the patient, and SBR02 18 only then', () => {
    expect(golden('self-subscriber')).toMatch(/SBR\*P\*18\*/);
    expect(golden('dependent')).toMatch(/SBR\*P\*\*GRP-77120/);
  });

  it('refuses a separator in data with the field it came from, and writes nothing', () => {
    const bad = { ...SELF_SUBSCRIBER, subscriber: { ...SELF_SUBSCRIBER.subscriber, address: { ...SELF_SUBSCRIBER.subscriber.address, line1: 'Unit 4*B' } } };
    expect(() => build837P(claimFile([bad], 1))).toThrow(new X12DataError('claims[0].subscriber.address.line1', 'contains "*", which X12 uses as a separator'));
    expect(() => text('Ève ~ Zoë', 'name', 60)).toThrow(/contains "~"/);
    expect(text('  Zoë   Dupré ', 'name', 60)).toBe('ZOE DUPRE');
    expect(text('Apt #4 – rear', 'address', 55)).toBe('APT 4 - REAR');
    expect(text('O’Brien-Łukasz Ørsted', 'name', 60)).toBe("O'BRIEN-LUKASZ ORSTED");
    expect(() => text('王芳', 'name', 60)).toThrow('name: contains characters outside the X12 basic character set');
  });

  it('refuses a corrected claim without the payer’s original claim number', () => {
    const bad = { ...SELF_SUBSCRIBER, claim: { ...SELF_SUBSCRIBER.claim, frequencyCode: '7' as const } };
    expect(() => build837P(claimFile([bad], 1))).toThrow(/originalClaimNumber: a corrected or void claim needs/);
  });

  it('refuses a billing provider ZIP without the +4', () => {
    const input = claimFile([SELF_SUBSCRIBER], 1);
    input.billing = { ...input.billing, address: { ...input.billing.address, zip: '97204' } };
    expect(() => build837P(input)).toThrow(/billing.address.zip: must be the 9-digit ZIP\+4/);
  });

  it('writes amounts from cents without trailing zeros and reads them back', () => {
    expect([amount(14000), amount(15050), amount(15055), amount(5), amount(-2500)]).toEqual(['140', '150.5', '150.55', '0.05', '-25']);
    expect([cents('140'), cents('150.5'), cents('150.55'), cents('.05'), cents('-25')]).toEqual([14000, 15050, 15055, 5, -2500]);
  });

  it('moves control numbers on by one per file and wraps after 999999999', () => {
    expect(nextControlNumbers(undefined)).toEqual({ interchange: 1, group: 1, transaction: 1 });
    expect(nextControlNumbers({ interchange: 41, group: 41, transaction: 1 }).interchange).toBe(42);
    expect(nextControlNumbers({ interchange: 999_999_999, group: 999_999_999, transaction: 1 }).interchange).toBe(1);
  });
});
