/**
 * The local sandbox's payers (issue 16): deterministic 271 answers, in Stedi's JSON, per member id.
 * The README lists these ids ("Clearinghouse sandbox"), like the test NPIs. Any other member id is
 * active with a copay between $20 and $50 picked from the id, so demo data needs no special ids.
 */
import type { StediEligibilityRequest } from '../../../domain/insurance/eligibility-request.ts';
import type { StediBenefit, StediEligibilityResponse } from '../../../domain/insurance/eligibility.ts';

export interface SandboxMember {
  memberId: string;
  what: string;
}

/** The documented test member ids and what each answers. */
export const SANDBOX_MEMBERS: SandboxMember[] = [
  { memberId: 'SBX100000001', what: 'active; $30 copay in network, no deductible, 20 visits a year (14 left), telehealth covered' },
  { memberId: 'SBX100000002', what: 'active; $1,500 deductible ($750 left), 20 % coinsurance, $5,000 out-of-pocket ($3,200 left), prior authorization required, telehealth covered' },
  { memberId: 'SBX100000003', what: 'active; deductible met, 10 % coinsurance, 30 visits a year (12 left), telehealth not covered' },
  { memberId: 'SBX100000004', what: 'inactive: coverage ended 2025-12-31' },
  { memberId: 'SBX100000005', what: 'not found: AAA 75 Subscriber/Insured Not Found' },
  { memberId: 'SBX100000006', what: 'payer down: AAA 42 Unable to Respond at Current Time' },
  { memberId: 'SBX100000007', what: 'active; high deductible $3,000 (all left), then 0 % coinsurance, $4,000 out-of-pocket' },
];

const MH = ['MH'];
const OUTPATIENT = ['CF'];

function eb(code: string, name: string, serviceTypeCodes: string[], extra: Partial<StediBenefit>): StediBenefit & { name: string } {
  return { code, name, serviceTypeCodes, inPlanNetworkIndicatorCode: 'Y', ...extra };
}

function telehealth(covered: boolean): StediBenefit {
  return eb(covered ? '1' : 'I', covered ? 'Active Coverage' : 'Non-Covered', MH, { eligibilityAdditionalInformationList: [{ codeListQualifierCode: 'ZZ', industryCode: '02' }, { codeListQualifierCode: 'ZZ', industryCode: '10' }] });
}

function visitLimit(total: number, left: number): StediBenefit[] {
  return [
    eb('F', 'Limitations', OUTPATIENT, { quantityQualifierCode: 'VS', benefitQuantity: String(total), timeQualifierCode: '23' }),
    eb('F', 'Limitations', OUTPATIENT, { quantityQualifierCode: 'VS', benefitQuantity: String(left), timeQualifierCode: '29' }),
  ];
}

function profile(memberId: string): StediBenefit[] | 'inactive' | 'notFound' | 'down' {
  switch (memberId) {
    case 'SBX100000001':
      return [eb('B', 'Co-Payment', OUTPATIENT, { benefitAmount: '30', timeQualifierCode: '27', coverageLevelCode: 'IND' }), eb('C', 'Deductible', OUTPATIENT, { benefitAmount: '0', timeQualifierCode: '23', coverageLevelCode: 'IND' }), ...visitLimit(20, 14), telehealth(true)];
    case 'SBX100000002':
      return [
        eb('A', 'Co-Insurance', ['A8'], { benefitPercent: '0.2', coverageLevelCode: 'IND', authOrCertIndicator: 'Y' }),
        eb('C', 'Deductible', ['MH'], { benefitAmount: '1500', timeQualifierCode: '23', coverageLevelCode: 'IND' }),
        eb('C', 'Deductible', ['MH'], { benefitAmount: '750', timeQualifierCode: '29', coverageLevelCode: 'IND' }),
        eb('C', 'Deductible', ['MH'], { benefitAmount: '3000', timeQualifierCode: '23', coverageLevelCode: 'FAM' }),
        eb('G', 'Out of Pocket (Stop Loss)', ['30'], { benefitAmount: '5000', timeQualifierCode: '23', coverageLevelCode: 'IND' }),
        eb('G', 'Out of Pocket (Stop Loss)', ['30'], { benefitAmount: '3200', timeQualifierCode: '29', coverageLevelCode: 'IND' }),
        eb('A', 'Co-Insurance', ['A8'], { benefitPercent: '0.5', coverageLevelCode: 'IND', inPlanNetworkIndicatorCode: 'N' }),
        telehealth(true),
      ];
    case 'SBX100000003':
      return [
        eb('A', 'Co-Insurance', ['A6'], { benefitPercent: '0.1', coverageLevelCode: 'IND', authOrCertIndicator: 'N' }),
        eb('C', 'Deductible', ['30'], { benefitAmount: '500', timeQualifierCode: '23', coverageLevelCode: 'IND' }),
        eb('C', 'Deductible', ['30'], { benefitAmount: '0', timeQualifierCode: '29', coverageLevelCode: 'IND' }),
        ...visitLimit(30, 12),
        telehealth(false),
      ];
    case 'SBX100000004':
      return 'inactive';
    case 'SBX100000005':
      return 'notFound';
    case 'SBX100000006':
      return 'down';
    case 'SBX100000007':
      return [
        eb('A', 'Co-Insurance', MH, { benefitPercent: '0', coverageLevelCode: 'IND' }),
        eb('C', 'Deductible', MH, { benefitAmount: '3000', timeQualifierCode: '23', coverageLevelCode: 'IND' }),
        eb('C', 'Deductible', MH, { benefitAmount: '3000', timeQualifierCode: '29', coverageLevelCode: 'IND' }),
        eb('G', 'Out of Pocket (Stop Loss)', MH, { benefitAmount: '4000', timeQualifierCode: '23', coverageLevelCode: 'IND' }),
      ];
    default: {
      let h = 0;
      for (const ch of memberId) h = (h * 33 + ch.charCodeAt(0)) % 997;
      const copay = 20 + (h % 7) * 5;
      return [eb('B', 'Co-Payment', OUTPATIENT, { benefitAmount: String(copay), timeQualifierCode: '27', coverageLevelCode: 'IND' }), telehealth(true)];
    }
  }
}

const YEAR = '2026';

/** The sandbox payer's 271 for a request, as Stedi returns it. */
export function sandboxEligibility(request: StediEligibilityRequest): StediEligibilityResponse {
  const memberId = (request.subscriber?.memberId ?? '').trim().toUpperCase();
  const base: StediEligibilityResponse = {
    controlNumber: request.controlNumber,
    tradingPartnerServiceId: request.tradingPartnerServiceId,
    payer: { name: request.tradingPartnerName ?? 'Sandbox payer', payorIdentification: request.tradingPartnerServiceId },
    subscriber: { memberId: request.subscriber?.memberId, firstName: request.subscriber?.firstName, lastName: request.subscriber?.lastName, dateOfBirth: request.subscriber?.dateOfBirth },
  };
  const answer = profile(memberId);
  if (answer === 'notFound') return { ...base, errors: [{ code: '75', description: 'Subscriber/Insured Not Found', followupAction: 'Please Correct and Resubmit' }] };
  if (answer === 'down') return { ...base, errors: [{ code: '42', description: 'Unable to Respond at Current Time', followupAction: 'Resubmission Allowed' }] };
  if (answer === 'inactive') {
    return {
      ...base,
      planDateInformation: { plan: '20250101-20251231' },
      planStatus: [{ statusCode: '6', status: 'Inactive', serviceTypeCodes: ['30'] }],
      benefitsInformation: [{ code: '6', name: 'Inactive', serviceTypeCodes: ['30'] }],
    };
  }
  return {
    ...base,
    planInformation: { groupNumber: 'GRP' + memberId.slice(-5), groupDescription: 'Sandbox Employer Group', planDescription: 'Sandbox Choice PPO' },
    planDateInformation: { plan: `${YEAR}0101-${YEAR}1231` },
    planStatus: [{ statusCode: '1', status: 'Active Coverage', planDetails: 'Sandbox Choice PPO', serviceTypeCodes: ['30', 'MH'] }],
    benefitsInformation: [{ code: '1', name: 'Active Coverage', serviceTypeCodes: ['30', 'MH', 'A4', 'A6', 'A8', 'CF'], planCoverage: 'Sandbox Choice PPO', insuranceTypeCode: 'PR' }, ...answer],
  };
}
