import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages.ts';
import { passwordError, signupGroup, toE164, validateClinician, validatePersonal, validatePractice, validateSignup, type SignupProviderInput } from '../../../domain/signup.ts';

const valid: SignupProviderInput = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  npi: '1234567893',
  phone: '(555) 555-0100',
  organization: 'Doe Counseling',
  clientTerminology: 'Client',
  profession: 'Psychologist',
  treatmentSetting: ['Outpatient'],
  totalDBTClients: 0,
  totalCBTClients: 12,
  therapies: ['CBT', 'DBT'],
  license: 'PSY12345',
  licenseStates: 'CA',
  dbtPractice: ['Individual'],
};

describe('sign-up validation', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toEqual({});
  });
  it("names every missing field of each step with the spec's message", () => {
    expect(validatePersonal({})).toEqual({ firstName: MESSAGES.firstNameRequired, lastName: MESSAGES.lastNameRequired, email: MESSAGES.emailRequired, npi: MESSAGES.npiRequired });
    expect(validatePractice({})).toMatchObject({
      phone: MESSAGES.phoneRequired,
      clientTerminology: MESSAGES.clientTerminologyRequired,
      license: MESSAGES.licenseRequired,
      licenseStates: MESSAGES.licenseStateRequired,
      profession: MESSAGES.professionRequired,
    });
    expect(validateClinician({})).toEqual({ therapies: MESSAGES.therapyRequired, organization: MESSAGES.organizationRequired, dbtPractice: MESSAGES.practiceRequired });
  });
  it('refuses markup in names, a malformed e-mail and a non-numeric NPI', () => {
    const errors = validatePersonal({ ...valid, firstName: '<script>alert(1)</script>', email: 'jane@', npi: '12345abcde' });
    expect(errors.firstName).toMatch(/not allowed/);
    expect(errors.email).toBe(MESSAGES.invalidEmail);
    expect(errors.npi).toBe(MESSAGES.npiInvalid);
  });
  it('takes a license state only from the spec list (US states and territories, provinces, Other)', () => {
    for (const code of ['OR', 'DC', 'PR', 'GU', 'VI', 'AA', 'AE', 'AP', 'ON', 'N/A']) expect(validatePractice({ ...valid, licenseStates: code }).licenseStates, code).toBeUndefined();
    for (const typed of ['Oregon', 'ca', 'XX', '<b>CA</b>']) expect(validatePractice({ ...valid, licenseStates: typed }).licenseStates, typed).toBe(MESSAGES.licenseStateUnknown);
  });
  it('requires the free-text profession when Other is chosen, and totals of 0 or more', () => {
    expect(validatePractice({ ...valid, profession: 'Other' }).professionOther).toBe(MESSAGES.professionRequired);
    expect(validatePractice({ ...valid, profession: 'Other', professionOther: 'Counselor' })).toEqual({});
    expect(validatePractice({ ...valid, totalCBTClients: -1 }).totalCBTClients).toBeTruthy();
    expect(validatePractice({ ...valid, totalDBTClients: 1.5 }).totalDBTClients).toBeTruthy();
  });
  it('normalizes phones to E.164 with US as the default country', () => {
    expect(toE164('(555) 555-0100')).toBe('+15555550100');
    expect(toE164('1 555 555 0100')).toBe('+15555550100');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('555-0100')).toBeNull();
    expect(toE164('')).toBeNull();
  });
  it("applies the spec's password rule and confirmation", () => {
    expect(passwordError('Abcdefg1')).toBeNull();
    for (const weak of ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh']) expect(passwordError(weak)).toBe(MESSAGES.passwordRule);
    expect(passwordError('Abcdefg1', 'Abcdefg2')).toBe(MESSAGES.passwordMismatch);
  });
  it('maps a sign-up to its group: treatment centers, prescribers, skills-group-only practices, therapists', () => {
    expect(signupGroup({ ...valid, treatmentSetting: ['Outpatient', 'Residential'] })).toBe('TreatmentCenters');
    expect(signupGroup({ ...valid, profession: 'Psychiatrist' })).toBe('Psychiatrists');
    expect(signupGroup({ ...valid, profession: 'Nurse Practitioner' })).toBe('Psychiatrists');
    expect(signupGroup({ ...valid, dbtPractice: ['GroupSkills'] })).toBe('SupportGroups');
    expect(signupGroup({ ...valid, dbtPractice: ['Individual', 'GroupSkills'] })).toBe('Therapists');
    expect(signupGroup(valid)).toBe('Therapists');
  });
});
