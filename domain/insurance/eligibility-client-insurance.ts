/**
 * A client's insurance (spec part 2 §3 "Client insurance"; issue 16): billingType, auto-generated
 * billing documents, insurance info (type, primary insured, payer, memberId, planId, groupId, coPay,
 * deductible, payer phone and fax, employer or school, card on file), authorization tracking,
 * additional claim info and the client's default services. Validated through the shared field
 * readers (field-readers.ts, human-text.ts): problems name the field and rule, never the value.
 * Money in integer cents. Stored as one item per client: `P#<practice>` / `ClientInsurance#<client>`.
 */
import { SETTINGS_MAX, onlyKeys, readFlag, readInt, readName, readObject, readPhone, readState, readText, readZip } from '../field-readers.ts';
import { dateOfBirthProblem, type FieldProblem } from '../client.ts';

export const BILLING_TYPES = ['selfPay', 'insurance'] as const;
export const INSURANCE_TYPES = ['primary', 'secondary'] as const;
export const RELATIONSHIPS = ['self', 'spouse', 'child', 'other'] as const;
/** Largest amount accepted in a money field: $100,000.00. */
export const MAX_CENTS = 10_000_000;
const MAX_SERVICES = 20;

export interface ClientInsuranceData {
  billingType: string;
  autoGenerateBillingDocuments: boolean;
  insuranceInfo: {
    type: string;
    primaryInsured: {
      relationship: string;
      firstName: string | null;
      lastName: string | null;
      dateOfBirth: string | null;
      gender: string | null;
      address: { line1: string | null; city: string | null; state: string | null; zip: string | null };
    };
    payerId: string | null;
    payerName: string | null;
    memberId: string | null;
    planId: string | null;
    groupId: string | null;
    coPay: number | null;
    deductible: number | null;
    payerPhone: string | null;
    payerFax: string | null;
    employerOrSchool: string | null;
    cardOnFile: boolean;
  };
  authorizationTracking: { required: boolean; number: string | null; startDate: string | null; endDate: string | null; visitsAuthorized: number | null; visitsUsed: number | null };
  /** diagnoses (issue 16 claims): ICD-10-CM codes, principal first, upper case, at most 12. */
  additionalClaimInfo: { note: string | null; relatedToEmployment: boolean; relatedToAccident: boolean; diagnoses?: string[] };
  defaultServices: { service: string; amount: number; default: boolean }[];
}

function oneOf(value: string | null, allowed: readonly string[], field: string, fallback: string, problems: FieldProblem[]): string {
  if (value === null) return fallback;
  if (!allowed.includes(value)) {
    problems.push({ field, reason: 'format' });
    return fallback;
  }
  return value;
}

/** An id-like code (member id, group, plan, payer id): letters, digits, hyphens and spaces, at most 50. */
function readCode(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, 50, problems);
  if (raw === null) return null;
  const upper = raw.toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9 -]*$/.test(upper)) {
    problems.push({ field, reason: 'format' });
    return null;
  }
  return upper;
}

/** ICD-10-CM codes for claims (issue 16): a letter, two characters, then up to four after an optional point; at most 12, no repeats. */
function readDiagnoses(value: unknown, problems: FieldProblem[]): string[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.length > 12) {
    problems.push({ field: 'additionalClaimInfo.diagnoses', reason: 'format' });
    return [];
  }
  const out: string[] = [];
  value.forEach((v, i) => {
    const code = typeof v === 'string' ? v.trim().toUpperCase() : '';
    if (!/^[A-TV-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/.test(code)) problems.push({ field: `additionalClaimInfo.diagnoses[${i}]`, reason: 'format' });
    else if (!out.includes(code)) out.push(code);
  });
  return out;
}

/** YYYY-MM-DD (a real date). */
function readIsoDate(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, 10, problems);
  if (raw === null) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw) {
    problems.push({ field, reason: 'format' });
    return null;
  }
  return raw;
}

export function validateClientInsurance(input: unknown, today?: string): { problems: FieldProblem[]; data: ClientInsuranceData } {
  const problems: FieldProblem[] = [];
  const root = readObject(input, 'input', problems);
  onlyKeys(root, ['billingType', 'autoGenerateBillingDocuments', 'insuranceInfo', 'authorizationTracking', 'additionalClaimInfo', 'defaultServices'], '', problems);
  const info = readObject(root.insuranceInfo, 'insuranceInfo', problems);
  onlyKeys(info, ['type', 'primaryInsured', 'payerId', 'payerName', 'memberId', 'planId', 'groupId', 'coPay', 'deductible', 'payerPhone', 'payerFax', 'employerOrSchool', 'cardOnFile'], 'insuranceInfo.', problems);
  const insured = readObject(info.primaryInsured, 'insuranceInfo.primaryInsured', problems);
  onlyKeys(insured, ['relationship', 'firstName', 'lastName', 'dateOfBirth', 'gender', 'address'], 'insuranceInfo.primaryInsured.', problems);
  const address = readObject(insured.address, 'insuranceInfo.primaryInsured.address', problems);
  onlyKeys(address, ['line1', 'city', 'state', 'zip'], 'insuranceInfo.primaryInsured.address.', problems);
  const auth = readObject(root.authorizationTracking, 'authorizationTracking', problems);
  onlyKeys(auth, ['required', 'number', 'startDate', 'endDate', 'visitsAuthorized', 'visitsUsed'], 'authorizationTracking.', problems);
  const claim = readObject(root.additionalClaimInfo, 'additionalClaimInfo', problems);
  onlyKeys(claim, ['note', 'relatedToEmployment', 'relatedToAccident', 'diagnoses'], 'additionalClaimInfo.', problems);

  const billingType = oneOf(readText(root.billingType, 'billingType', SETTINGS_MAX.short, problems), BILLING_TYPES, 'billingType', 'selfPay', problems);
  const relationship = oneOf(readText(insured.relationship, 'insuranceInfo.primaryInsured.relationship', SETTINGS_MAX.short, problems), RELATIONSHIPS, 'insuranceInfo.primaryInsured.relationship', 'self', problems);
  let dob = readText(insured.dateOfBirth, 'insuranceInfo.primaryInsured.dateOfBirth', 10, problems);
  if (dob !== null) {
    const problem = dateOfBirthProblem(dob, today);
    if (problem) {
      problems.push({ field: 'insuranceInfo.primaryInsured.dateOfBirth', reason: problem });
      dob = null;
    }
  }
  const state = readState(address.state, 'insuranceInfo.primaryInsured.address.state', problems);
  const data: ClientInsuranceData = {
    billingType,
    autoGenerateBillingDocuments: readFlag(root.autoGenerateBillingDocuments, 'autoGenerateBillingDocuments', false, problems),
    insuranceInfo: {
      type: oneOf(readText(info.type, 'insuranceInfo.type', SETTINGS_MAX.short, problems), INSURANCE_TYPES, 'insuranceInfo.type', 'primary', problems),
      primaryInsured: {
        relationship,
        firstName: readName(insured.firstName, 'insuranceInfo.primaryInsured.firstName', SETTINGS_MAX.name, problems),
        lastName: readName(insured.lastName, 'insuranceInfo.primaryInsured.lastName', SETTINGS_MAX.name, problems),
        dateOfBirth: dob,
        gender: readText(insured.gender, 'insuranceInfo.primaryInsured.gender', SETTINGS_MAX.short, problems),
        address: {
          line1: readText(address.line1, 'insuranceInfo.primaryInsured.address.line1', SETTINGS_MAX.line, problems),
          city: readText(address.city, 'insuranceInfo.primaryInsured.address.city', SETTINGS_MAX.name, problems),
          state,
          zip: readZip(address.zip, 'insuranceInfo.primaryInsured.address.zip', state, problems),
        },
      },
      payerId: readCode(info.payerId, 'insuranceInfo.payerId', problems),
      payerName: readText(info.payerName, 'insuranceInfo.payerName', SETTINGS_MAX.name, problems),
      memberId: readCode(info.memberId, 'insuranceInfo.memberId', problems),
      planId: readCode(info.planId, 'insuranceInfo.planId', problems),
      groupId: readCode(info.groupId, 'insuranceInfo.groupId', problems),
      coPay: readInt(info.coPay, 'insuranceInfo.coPay', 0, MAX_CENTS, problems),
      deductible: readInt(info.deductible, 'insuranceInfo.deductible', 0, MAX_CENTS, problems),
      payerPhone: readPhone(info.payerPhone, 'insuranceInfo.payerPhone', problems),
      payerFax: readPhone(info.payerFax, 'insuranceInfo.payerFax', problems),
      employerOrSchool: readText(info.employerOrSchool, 'insuranceInfo.employerOrSchool', SETTINGS_MAX.name, problems),
      cardOnFile: readFlag(info.cardOnFile, 'insuranceInfo.cardOnFile', false, problems),
    },
    authorizationTracking: {
      required: readFlag(auth.required, 'authorizationTracking.required', false, problems),
      number: readCode(auth.number, 'authorizationTracking.number', problems),
      startDate: readIsoDate(auth.startDate, 'authorizationTracking.startDate', problems),
      endDate: readIsoDate(auth.endDate, 'authorizationTracking.endDate', problems),
      visitsAuthorized: readInt(auth.visitsAuthorized, 'authorizationTracking.visitsAuthorized', 0, 1000, problems),
      visitsUsed: readInt(auth.visitsUsed, 'authorizationTracking.visitsUsed', 0, 1000, problems),
    },
    additionalClaimInfo: {
      note: readText(claim.note, 'additionalClaimInfo.note', 80, problems),
      relatedToEmployment: readFlag(claim.relatedToEmployment, 'additionalClaimInfo.relatedToEmployment', false, problems),
      relatedToAccident: readFlag(claim.relatedToAccident, 'additionalClaimInfo.relatedToAccident', false, problems),
      diagnoses: readDiagnoses(claim.diagnoses, problems),
    },
    defaultServices: [],
  };
  const a = data.authorizationTracking;
  if (a.startDate && a.endDate && a.endDate < a.startDate) problems.push({ field: 'authorizationTracking.endDate', reason: 'range' });
  if (billingType === 'insurance') {
    if (!data.insuranceInfo.payerId) problems.push({ field: 'insuranceInfo.payerId', reason: 'required' });
    if (!data.insuranceInfo.memberId) problems.push({ field: 'insuranceInfo.memberId', reason: 'required' });
    if (relationship !== 'self') {
      const p = data.insuranceInfo.primaryInsured;
      if (!p.firstName) problems.push({ field: 'insuranceInfo.primaryInsured.firstName', reason: 'required' });
      if (!p.lastName) problems.push({ field: 'insuranceInfo.primaryInsured.lastName', reason: 'required' });
      if (!p.dateOfBirth && !problems.some((x) => x.field === 'insuranceInfo.primaryInsured.dateOfBirth')) problems.push({ field: 'insuranceInfo.primaryInsured.dateOfBirth', reason: 'required' });
    }
  }
  const services = root.defaultServices;
  if (services !== undefined && services !== null) {
    if (!Array.isArray(services) || services.length > MAX_SERVICES) problems.push({ field: 'defaultServices', reason: Array.isArray(services) ? 'length' : 'format' });
    else {
      services.forEach((raw, i) => {
        const prefix = `defaultServices.${i}.`;
        const s = readObject(raw, `defaultServices.${i}`, problems);
        onlyKeys(s, ['service', 'amount', 'default'], prefix, problems);
        const service = readCode(s.service, prefix + 'service', problems);
        const amount = readInt(s.amount, prefix + 'amount', 0, MAX_CENTS, problems);
        if (service === null && !problems.some((p) => p.field === prefix + 'service')) problems.push({ field: prefix + 'service', reason: 'required' });
        if (amount === null && !problems.some((p) => p.field === prefix + 'amount')) problems.push({ field: prefix + 'amount', reason: 'required' });
        data.defaultServices.push({ service: service ?? '', amount: amount ?? 0, default: readFlag(s.default, prefix + 'default', false, problems) });
      });
      if (data.defaultServices.filter((s) => s.default).length > 1) problems.push({ field: 'defaultServices', reason: 'format' });
    }
  }
  return { problems, data };
}

/** What a client without a stored insurance reads: self-pay, nothing filled in, version 0. */
export function emptyClientInsurance(): ClientInsuranceData {
  return validateClientInsurance({}).data;
}
