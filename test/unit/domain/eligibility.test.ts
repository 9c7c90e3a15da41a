import { describe, expect, it } from 'vitest';
import { estimateResponsibility, mapStediEligibility, type StediEligibilityResponse } from '../../../domain/insurance/eligibility.ts';
import { buildEligibilityRequest, stediWireBody, type EligibilityInput } from '../../../domain/insurance/eligibility-request.ts';
import { getPayer, searchPayers } from '../../../domain/insurance/payers.ts';

// Real-shaped 271s as Stedi returns them (names and ids invented; shapes and codes as payers send them).
const COMMERCIAL_PPO: StediEligibilityResponse = {
  controlNumber: '112233445',
  tradingPartnerServiceId: '60054',
  payer: { name: 'Aetna', payorIdentification: '60054' },
  subscriber: { memberId: 'W123456789', firstName: 'JANE', lastName: 'DOE', dateOfBirth: '19870412' },
  planInformation: { groupNumber: '0123456-010-00001', groupDescription: 'ACME CORP' },
  planDateInformation: { planBegin: '20260101', planEnd: '20261231' },
  planStatus: [{ statusCode: '1', status: 'Active Coverage', planDetails: 'Open Access Aetna Select', serviceTypeCodes: ['30', 'MH', 'AL'] }],
  benefitsInformation: [
    { code: '1', name: 'Active Coverage', serviceTypeCodes: ['30'], insuranceTypeCode: 'PS', planCoverage: 'Open Access Aetna Select' },
    { code: 'C', name: 'Deductible', serviceTypeCodes: ['30'], coverageLevelCode: 'FAM', timeQualifierCode: '23', benefitAmount: '4000', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'C', name: 'Deductible', serviceTypeCodes: ['30'], coverageLevelCode: 'IND', timeQualifierCode: '23', benefitAmount: '2000', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'C', name: 'Deductible', serviceTypeCodes: ['30'], coverageLevelCode: 'IND', timeQualifierCode: '29', benefitAmount: '1234.56', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'C', name: 'Deductible', serviceTypeCodes: ['30'], coverageLevelCode: 'IND', timeQualifierCode: '23', benefitAmount: '6000', inPlanNetworkIndicatorCode: 'N' },
    { code: 'G', name: 'Out of Pocket (Stop Loss)', serviceTypeCodes: ['30'], coverageLevelCode: 'IND', timeQualifierCode: '23', benefitAmount: '6500', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'G', name: 'Out of Pocket (Stop Loss)', serviceTypeCodes: ['30'], coverageLevelCode: 'IND', timeQualifierCode: '29', benefitAmount: '5100', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'B', name: 'Co-Payment', serviceTypeCodes: ['MH'], coverageLevelCode: 'IND', timeQualifierCode: '27', benefitAmount: '0', inPlanNetworkIndicatorCode: 'N' },
    { code: 'B', name: 'Co-Payment', serviceTypeCodes: ['CF'], coverageLevelCode: 'IND', timeQualifierCode: '27', benefitAmount: '25', inPlanNetworkIndicatorCode: 'Y', authOrCertIndicator: 'N' },
    { code: 'B', name: 'Co-Payment', serviceTypeCodes: ['MH'], coverageLevelCode: 'IND', timeQualifierCode: '27', benefitAmount: '40', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'A', name: 'Co-Insurance', serviceTypeCodes: ['MH'], coverageLevelCode: 'IND', benefitPercent: '0.4', inPlanNetworkIndicatorCode: 'N' },
    { code: 'B', name: 'Co-Payment', serviceTypeCodes: ['MH'], benefitAmount: '25', inPlanNetworkIndicatorCode: 'Y', eligibilityAdditionalInformationList: [{ codeListQualifierCode: 'ZZ', industryCode: '02' }] },
  ],
};

const HMO_WITH_AUTH: StediEligibilityResponse = {
  payer: { name: 'Blue Cross Blue Shield of Texas' },
  subscriber: { memberId: 'XOJ812345678' },
  planInformation: { groupNumber: '123456' },
  planDateInformation: { plan: '20260101-20261231', eligibilityBegin: '20190301' },
  planStatus: [{ statusCode: '1', status: 'Active Coverage', serviceTypeCodes: ['30'] }],
  benefitsInformation: [
    { code: '1', name: 'Active Coverage', serviceTypeCodes: ['30'] },
    { code: 'A', name: 'Co-Insurance', serviceTypeCodes: ['A8'], coverageLevelCode: 'IND', benefitPercent: '0.15', inPlanNetworkIndicatorCode: 'Y', authOrCertIndicator: 'Y' },
    { code: 'C', name: 'Deductible', serviceTypeCodes: ['A8'], coverageLevelCode: 'IND', timeQualifierCode: '23', benefitAmount: '1000', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'C', name: 'Deductible', serviceTypeCodes: ['A8'], coverageLevelCode: 'IND', timeQualifierCode: '29', benefitAmount: '100', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'F', name: 'Limitations', serviceTypeCodes: ['A8'], quantityQualifierCode: 'VS', benefitQuantity: '52', timeQualifierCode: '23', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'F', name: 'Limitations', serviceTypeCodes: ['A8'], quantityQualifierCode: 'VS', benefitQuantity: '40', timeQualifierCode: '29', inPlanNetworkIndicatorCode: 'Y' },
    { code: 'I', name: 'Non-Covered', serviceTypeCodes: ['MH'], eligibilityAdditionalInformationList: [{ codeListQualifierCode: 'ZZ', industryCode: '02' }] },
  ],
};

describe('271 (Stedi JSON) → EligibilitySummary', () => {
  it('reads an active PPO: in-network outpatient copay (most specific service type), individual deductible and remaining, out-of-pocket, plan dates', () => {
    const s = mapStediEligibility(COMMERCIAL_PPO);
    expect(s).toMatchObject({ status: 'active', payerName: 'Aetna', memberId: 'W123456789', planName: 'Open Access Aetna Select', groupNumber: '0123456-010-00001', planBegin: '2026-01-01', planEnd: '2026-12-31', problems: [] });
    expect(s.mentalHealth).toEqual({
      serviceTypeCode: 'CF', copayCents: 2500, coinsurancePercent: null, deductibleCents: 200000, deductibleRemainingCents: 123456,
      outOfPocketMaxCents: 650000, outOfPocketRemainingCents: 510000, visitLimit: null, visitsRemaining: null, priorAuthRequired: false, telehealthCovered: true,
    });
  });

  it('reads coinsurance with prior authorization, visit limits and telehealth not covered from an HMO', () => {
    const s = mapStediEligibility(HMO_WITH_AUTH);
    expect(s.planBegin).toBe('2026-01-01');
    expect(s.planEnd).toBe('2026-12-31');
    expect(s.mentalHealth).toMatchObject({ serviceTypeCode: 'A8', copayCents: null, coinsurancePercent: 15, deductibleCents: 100000, deductibleRemainingCents: 10000, visitLimit: 52, visitsRemaining: 40, priorAuthRequired: true, telehealthCovered: false });
  });

  it('tells inactive, not found and payer down apart, with the payer\'s reason', () => {
    expect(mapStediEligibility({ planStatus: [{ statusCode: '6', status: 'Inactive' }], benefitsInformation: [{ code: '6', serviceTypeCodes: ['30'] }] }).status).toBe('inactive');
    const notFound = mapStediEligibility({ errors: [{ code: '75', description: 'Subscriber/Insured Not Found', followupAction: 'Please Correct and Resubmit' }] });
    expect(notFound).toMatchObject({ status: 'notFound', problems: [{ code: '75', message: 'Subscriber/Insured Not Found' }] });
    expect(mapStediEligibility({ errors: [{ code: '42', description: 'Unable to Respond at Current Time' }] }).status).toBe('payerUnavailable');
    expect(mapStediEligibility({ errors: [{ code: '41', description: 'Authorization/Access Restrictions' }] }).status).toBe('rejected');
  });
});

describe('estimated client responsibility (cents)', () => {
  const base = mapStediEligibility(HMO_WITH_AUTH);
  it('puts the fee toward the remaining deductible, then coinsurance on the rest', () => {
    // $150 fee: $100 deductible left, then 15 % of $50 = $7.50.
    expect(estimateResponsibility(base, 15000)).toEqual({ clientCents: 10750, planCents: 4250, basis: 'deductibleAndCoinsurance' });
  });
  it('charges the copay, capped at the fee and at the out-of-pocket remaining; an inactive plan leaves the whole fee', () => {
    const ppo = mapStediEligibility(COMMERCIAL_PPO);
    expect(estimateResponsibility(ppo, 15000)).toEqual({ clientCents: 2500, planCents: 12500, basis: 'copay' });
    expect(estimateResponsibility(ppo, 1800)).toEqual({ clientCents: 1800, planCents: 0, basis: 'copay' });
    expect(estimateResponsibility({ ...ppo, mentalHealth: { ...ppo.mentalHealth, outOfPocketRemainingCents: 1000 } }, 15000).clientCents).toBe(1000);
    expect(estimateResponsibility({ ...ppo, status: 'inactive' }, 15000)).toEqual({ clientCents: 15000, planCents: 0, basis: 'notCovered' });
  });
});

describe('the eligibility request', () => {
  const input: EligibilityInput = {
    controlNumber: '000000123',
    payer: { id: '84980', name: 'Blue Cross Blue Shield of Texas', address: { line1: 'PO Box 660044', city: 'Dallas', state: 'TX', zip: '75266-0044' } },
    provider: { organizationName: 'Cedar Counseling', npi: '1234567893', taxId: '12-3456789', address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701-1234' } },
    subscriber: { memberId: ' XOJ812345678 ', firstName: 'John', lastName: 'Doe', dateOfBirth: '04/12/1980', gender: 'male', address: { line1: '9 Elm', city: 'Austin', state: 'TX', zip: '78704-5678' } },
    dependent: { firstName: 'Amy', lastName: 'Doe', dateOfBirth: '02/03/2012', relationship: 'child', address: { city: 'Austin', state: 'TX', zip: '78704-5678' } },
    dateOfService: '2026-12-01',
  };
  it('strips hyphens from the zip codes of payer, subscriber and dependent and from the billing provider\'s tax id', () => {
    const r = buildEligibilityRequest(input);
    expect(r.payerAddress?.postalCode).toBe('752660044');
    expect(r.subscriber.address?.postalCode).toBe('787045678');
    expect(r.dependents?.[0].address?.postalCode).toBe('787045678');
    expect(r.provider.taxId).toBe('123456789');
    expect(JSON.stringify(r)).not.toMatch(/\d-\d/);
  });
  it('sends Stedi\'s shape: payer id as trading partner, CCYYMMDD dates, the client as the dependent with the relationship code, no payer address on the wire', () => {
    const body = stediWireBody(buildEligibilityRequest(input));
    expect(body).toMatchObject({
      controlNumber: '000000123', tradingPartnerServiceId: '84980',
      provider: { organizationName: 'Cedar Counseling', npi: '1234567893' },
      subscriber: { memberId: 'XOJ812345678', firstName: 'John', lastName: 'Doe', dateOfBirth: '19800412', gender: 'M' },
      dependents: [{ firstName: 'Amy', dateOfBirth: '20120203', individualRelationshipCode: '19' }],
      encounter: { serviceTypeCodes: ['30', 'MH'], dateOfService: '20261201' },
    });
    expect('payerAddress' in body).toBe(false);
  });
});

describe('payers as data', () => {
  it('has the large national payers and a Blue plan per state, searchable by words, id or alias; the first 20 with no search', () => {
    expect(getPayer('60054')?.names[0]).toBe('Aetna');
    expect(searchPayers('blue texas')[0].payer_id).toBe('84980');
    expect(searchPayers('87726')[0].names[0]).toBe('UnitedHealthcare');
    expect(searchPayers('').length).toBe(20);
    expect(searchPayers(null).length).toBe(20);
    expect(searchPayers('bcbs', 100).length).toBeGreaterThanOrEqual(45);
    expect(searchPayers('no such payer')).toEqual([]);
  });
});
