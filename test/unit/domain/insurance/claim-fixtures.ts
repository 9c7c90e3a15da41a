/**
 * Claim inputs behind the 837P golden files (test/fixtures/x12/837p-*.x12): a mental-health group
 * practice billing Aetna, UnitedHealthcare and Cigna for psychotherapy. Test NPIs (valid check digits),
 * made-up people.
 */
import type { BillingProvider, ClaimBundle, ClaimFileInput, Patient, Payer, RenderingProvider, Subscriber } from '../../../../domain/insurance/x12/claim-input.ts';

export const BILLING: BillingProvider = {
  kind: 'organization',
  organizationName: 'Harbor Light Counseling Group',
  npi: '1234567893',
  taxonomy: '261QM0801X',
  taxId: '84-1234567',
  address: { line1: '200 Harbor Street', line2: 'Suite 4', city: 'Portland', state: 'OR', zip: '97204-1234' },
};

export const RENDERING: RenderingProvider = {
  name: { last: 'Okafor', first: 'Adaeze', middle: 'N' },
  npi: '1987654328',
  taxonomy: '101YP2500X',
  credentialModifier: 'HO',
};

export const AETNA: Payer = { name: 'Aetna', payerId: '60054', claimFilingCode: 'CI', telehealthModifier: '95', timelyFilingDays: 120, memberIdPattern: '^W\\d{9}$' };
export const UHC: Payer = { name: 'UnitedHealthcare', payerId: '87726', claimFilingCode: 'CI', telehealthModifier: 'GT', timelyFilingDays: 90 };
export const MEDICAID: Payer = { name: 'Oregon Health Plan', payerId: 'ORDHS', claimFilingCode: 'MC', telehealthModifier: 'GT', credentialModifiers: true, timelyFilingDays: 365, authorizationRequiredFor: ['90837'] };

export const SELF: Subscriber = {
  name: { last: 'Lindqvist', first: 'Maren' },
  memberId: 'W123456789',
  groupNumber: '0876543',
  dateOfBirth: '1988-03-14',
  gender: 'F',
  address: { line1: '1450 SE Belmont St', city: 'Portland', state: 'OR', zip: '97214' },
  payerResponsibility: 'P',
};

export const PARENT: Subscriber = {
  name: { last: 'García', first: 'Tomás', suffix: 'Jr' },
  memberId: '918273645',
  groupNumber: 'GRP-77120',
  dateOfBirth: '1979-11-02',
  gender: 'M',
  address: { line1: '88 Alder Ave', city: 'Beaverton', state: 'OR', zip: '97005-2210' },
  payerResponsibility: 'P',
};

export const CHILD: Patient = {
  name: { last: 'García', first: 'Lucía' },
  dateOfBirth: '2012-06-21',
  gender: 'F',
  address: { line1: '88 Alder Ave', city: 'Beaverton', state: 'OR', zip: '97005-2210' },
  relationship: '19',
};

const CLAIM_DEFAULTS = {
  frequencyCode: '1' as const,
  providerSignatureOnFile: true,
  assignment: 'A' as const,
  benefitsAssigned: 'Y' as const,
  releaseOfInformation: 'Y' as const,
};

export const SELF_SUBSCRIBER: ClaimBundle = {
  subscriber: SELF,
  payer: AETNA,
  rendering: RENDERING,
  claim: {
    ...CLAIM_DEFAULTS,
    patientControlNumber: 'C26112500001',
    placeOfService: '11',
    diagnoses: ['F41.1'],
    lines: [{ procedureCode: '90834', chargeCents: 14000, units: 1, serviceDate: '2026-11-16', diagnosisPointers: [1], lineControlNumber: 'L26112500001A' }],
  },
};

export const DEPENDENT: ClaimBundle = {
  subscriber: PARENT,
  patient: CHILD,
  payer: UHC,
  rendering: RENDERING,
  claim: {
    ...CLAIM_DEFAULTS,
    patientControlNumber: 'C26112500002',
    placeOfService: '11',
    diagnoses: ['F90.2', 'F43.22'],
    lines: [{ procedureCode: '90832', chargeCents: 9500, units: 1, serviceDate: '2026-11-17', diagnosisPointers: [1, 2], lineControlNumber: 'L26112500002A' }],
  },
};

export const TELEHEALTH: ClaimBundle = {
  ...SELF_SUBSCRIBER,
  claim: {
    ...SELF_SUBSCRIBER.claim,
    patientControlNumber: 'C26112500003',
    placeOfService: '10',
    lines: [{ procedureCode: '90837', chargeCents: 18000, units: 1, serviceDate: '2026-11-18', diagnosisPointers: [1], lineControlNumber: 'L26112500003A' }],
  },
};

/** Medicaid: several diagnoses and lines, an in-office line and a telehealth line, credential modifier, prior authorization, supervisor. */
export const MULTIPLE: ClaimBundle = {
  subscriber: { ...SELF, memberId: 'OR4456123', groupNumber: undefined, name: { last: 'Nguyen', first: 'Bao' }, gender: 'M', dateOfBirth: '1995-01-30' },
  payer: MEDICAID,
  rendering: RENDERING,
  supervising: { name: { last: 'Whitfield', first: 'Irene' }, npi: '1743829107' },
  serviceFacility: { name: 'Harbor Light Counseling Beaverton', npi: '1122334455', address: { line1: '4800 SW Griffith Dr', line2: 'Suite 120', city: 'Beaverton', state: 'OR', zip: '97005-8716' } },
  claim: {
    ...CLAIM_DEFAULTS,
    patientControlNumber: 'C26112500004',
    placeOfService: '11',
    priorAuthorization: 'PA20261101778',
    diagnoses: ['F33.1', 'F41.1', 'F43.10', 'Z63.0'],
    lines: [
      { procedureCode: '90791', chargeCents: 22000, units: 1, serviceDate: '2026-11-02', diagnosisPointers: [1, 2, 3], lineControlNumber: 'L26112500004A' },
      { procedureCode: '90837', chargeCents: 18000, units: 1, serviceDate: '2026-11-09', diagnosisPointers: [1, 3], lineControlNumber: 'L26112500004B' },
      { procedureCode: '90837', chargeCents: 18000, units: 1, serviceDate: '2026-11-16', diagnosisPointers: [1, 3], placeOfService: '10', lineControlNumber: 'L26112500004C' },
      { procedureCode: '90847', modifiers: ['U4'], chargeCents: 15050, units: 1, serviceDate: '2026-11-23', diagnosisPointers: [4, 1], lineControlNumber: 'L26112500004D' },
    ],
  },
};

export const CORRECTED: ClaimBundle = {
  ...SELF_SUBSCRIBER,
  claim: {
    ...SELF_SUBSCRIBER.claim,
    patientControlNumber: 'C26112500001',
    frequencyCode: '7',
    originalClaimNumber: 'E2026111900123',
    diagnoses: ['F41.1', 'F32.A'],
    lines: [{ procedureCode: '90834', chargeCents: 14000, units: 1, serviceDate: '2026-11-16', diagnosisPointers: [1, 2], lineControlNumber: 'L26112500001A' }],
  },
};

export const VOID: ClaimBundle = {
  ...SELF_SUBSCRIBER,
  claim: { ...SELF_SUBSCRIBER.claim, frequencyCode: '8', originalClaimNumber: 'E2026111900123' },
};

/** A claim file around `claims`, with control numbers derived from `n`. */
export function claimFile(claims: ClaimBundle[], n: number): ClaimFileInput {
  return {
    submitter: { name: 'Harbor Light Counseling Group', id: 'HLCG0001', contactName: 'Priya Raman', phone: '(503) 555-0142' },
    receiver: { name: 'Stedi', id: 'STEDI' },
    billing: BILLING,
    claims,
    control: { interchange: 100 + n, group: 100 + n, transaction: 1 },
    createdAt: new Date('2026-11-25T14:30:00Z'),
    usage: 'T',
  };
}

export const GOLDEN: Record<string, ClaimFileInput> = {
  'self-subscriber': claimFile([SELF_SUBSCRIBER], 1),
  dependent: claimFile([DEPENDENT], 2),
  telehealth: claimFile([TELEHEALTH], 3),
  'multiple-diagnoses-and-lines': claimFile([MULTIPLE], 4),
  'corrected-claim': claimFile([CORRECTED], 5),
  'void-claim': claimFile([VOID], 6),
};
