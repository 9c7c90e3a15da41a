import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse271, summarize271 } from '../../../../domain/insurance/x12/eligibility-271.ts';
import { estimateResponsibility } from '../../../../domain/insurance/eligibility.ts';

const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../../../fixtures/x12', name), 'utf8');

describe('raw X12 271 → the eligibility summary (the same mapping as the clearinghouse JSON)', () => {
  it('an active copay plan: dates, in-network mental-health copay, deductible and out-of-pocket remaining, visits, authorization, telehealth', () => {
    const summary = summarize271(fixture('271-active-copay-telehealth.x12'));
    expect(summary).toMatchObject({ status: 'active', payerName: 'AETNA', memberId: 'W123456789', planName: 'AETNA OPEN ACCESS MANAGED CHOICE', groupNumber: '0876543', planBegin: '2026-01-01', planEnd: '2026-12-31', problems: [] });
    expect(summary.mentalHealth).toEqual({
      serviceTypeCode: 'A6', copayCents: 3000, coinsurancePercent: 0, deductibleCents: 50000, deductibleRemainingCents: 12000,
      outOfPocketMaxCents: 300000, outOfPocketRemainingCents: 245050, visitLimit: 30, visitsRemaining: 26, priorAuthRequired: true, telehealthCovered: true,
    });
    expect(estimateResponsibility(summary, 18000)).toEqual({ clientCents: 3000, planCents: 15000, basis: 'copay' });
  });

  it('a deductible plan with coinsurance: the in-network 20 %, not the out-of-network 50 %', () => {
    const raw = fixture('271-active-deductible-coinsurance.x12');
    expect(parse271(raw).benefitsInformation?.filter((b) => b.code === 'A').map((b) => [b.benefitPercent, b.inPlanNetworkIndicatorCode])).toEqual([['.2', 'Y'], ['.5', 'N']]);
    const summary = summarize271(raw);
    expect(summary).toMatchObject({ status: 'active', planName: 'UHC CHOICE PLUS HDHP', groupNumber: 'GRP77120', planBegin: '2026-07-01', planEnd: '2027-06-30' });
    expect(summary.mentalHealth).toMatchObject({ copayCents: null, coinsurancePercent: 20, deductibleCents: 250000, deductibleRemainingCents: 187525, outOfPocketRemainingCents: 510000, telehealthCovered: null });
  });

  it('an ended plan is inactive with its dates', () => {
    expect(summarize271(fixture('271-inactive.x12'))).toMatchObject({ status: 'inactive', planBegin: '2025-01-01', planEnd: '2026-05-31', mentalHealth: { copayCents: null } });
  });

  it('a subscriber the payer cannot find: not found, with the payer’s reason', () => {
    expect(summarize271(fixture('271-not-found.x12'))).toMatchObject({ status: 'notFound', problems: [{ code: '75', message: 'Subscriber/insured not found' }] });
  });

  it('refuses what is not a 271', () => {
    expect(() => parse271(fixture('835-medicaid-split-second.x12'))).toThrow('not a 271 eligibility response');
  });
});
