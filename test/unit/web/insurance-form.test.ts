import { describe, expect, it } from 'vitest';
import { formFromInsurance, inputFromForm, toCents } from '../../../web/src/insurance/insurance-form';
import type { ClientInsurance } from '../../../web/src/insurance/api';

const stored: ClientInsurance = {
  clientId: 'c1', billingType: 'insurance', autoGenerateBillingDocuments: false, version: 3, updatedAt: null,
  insuranceInfo: { type: 'primary', payerId: '84980', payerName: 'Blue Cross Blue Shield of Texas', memberId: 'SBX100000002', planId: null, groupId: '123456', coPay: 3000, deductible: null, payerPhone: '+18005550100', payerFax: null, employerOrSchool: null, cardOnFile: true, primaryInsured: { relationship: 'child', firstName: 'Maria', lastName: 'Reyes', dateOfBirth: '06/02/1968', gender: null, address: { line1: null, city: null, state: null, zip: null } } },
  authorizationTracking: { required: true, number: 'AUTH-7', startDate: null, endDate: null, visitsAuthorized: 12, visitsUsed: null },
  additionalClaimInfo: { note: null, relatedToEmployment: false, relatedToAccident: false, diagnoses: ['F41.1', 'Z63.0'] },
  defaultServices: [{ service: '90834', amount: 13000, default: false }, { service: '90837', amount: 16000, default: true }],
  recentChecks: [],
};

describe('the Insurance tab\'s form', () => {
  it('reads dollars as typed into cents; anything else is sent as -1 for the API to refuse by field', () => {
    expect(toCents('30')).toBe(3000);
    expect(toCents('$1,234.5')).toBe(123450);
    expect(toCents('')).toBeNull();
    expect(toCents('12.345')).toBe(-1);
    expect(toCents('thirty')).toBe(-1);
  });

  it('round-trips the stored insurance: money in cents, the default service edited, the other services kept, the insured only when not self', () => {
    const form = formFromInsurance(stored);
    expect(form).toMatchObject({ coPay: '30.00', defaultService: '90837', defaultFee: '160.00', relationship: 'child', insuredFirstName: 'Maria', payerLabel: 'Blue Cross Blue Shield of Texas (84980)' });
    const input = inputFromForm({ ...form, defaultFee: '175', coPay: '' });
    expect(input.insuranceInfo).toMatchObject({ payerId: '84980', memberId: 'SBX100000002', coPay: null, primaryInsured: { relationship: 'child', firstName: 'Maria', dateOfBirth: '06/02/1968' } });
    expect(input.defaultServices).toEqual([{ service: '90837', amount: 17500, default: true }, { service: '90834', amount: 13000, default: false }]);
    expect(inputFromForm({ ...form, relationship: 'self' }).insuranceInfo?.primaryInsured).toEqual({ relationship: 'self' });
    expect(input.authorizationTracking).toEqual({ required: true, number: 'AUTH-7', visitsAuthorized: 12 });
  });

  it('edits the claims\' diagnoses as one text: codes separated by commas or spaces, principal first', () => {
    const form = formFromInsurance(stored);
    expect(form.diagnoses).toBe('F41.1, Z63.0');
    expect(inputFromForm({ ...form, diagnoses: ' f43.23,Z63.0  F41.1 ' }).additionalClaimInfo).toEqual({ note: null, diagnoses: ['f43.23', 'Z63.0', 'F41.1'] });
    expect(inputFromForm({ ...form, diagnoses: '' }).additionalClaimInfo?.diagnoses).toEqual([]);
  });
});
