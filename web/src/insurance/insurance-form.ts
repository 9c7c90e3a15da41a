/** The Insurance tab's form values (text as typed; money in dollars) ↔ the API's ClientInsurance / ClientInsuranceInput (cents). */
import type { ClientInsurance, ClientInsuranceInput } from './api';
import '../i18n/features/insurance';

export interface InsuranceForm {
  billingType: string;
  autoGenerateBillingDocuments: boolean;
  type: string;
  payerId: string | null;
  payerName: string | null;
  payerLabel: string;
  memberId: string;
  groupId: string;
  planId: string;
  coPay: string;
  deductible: string;
  payerPhone: string;
  payerFax: string;
  employerOrSchool: string;
  cardOnFile: boolean;
  relationship: string;
  insuredFirstName: string;
  insuredLastName: string;
  insuredDateOfBirth: string;
  authRequired: boolean;
  authNumber: string;
  visitsAuthorized: string;
  claimNote: string;
  /** ICD-10-CM codes as typed, separated by commas or spaces (claims, issue 16). */
  diagnoses: string;
  defaultService: string;
  defaultFee: string;
  /** The client's other services, kept as they are (the tab edits the default one). */
  otherServices: { service: string; amount: number; default: boolean }[];
}

const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2));

/** Dollars as typed → cents; empty → null; anything else → -1, which the API refuses naming the field. */
export function toCents(text: string): number | null {
  const v = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (v === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : -1;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function formFromInsurance(i: ClientInsurance): InsuranceForm {
  const info = i.insuranceInfo;
  const service = i.defaultServices.find((s) => s.default) ?? i.defaultServices[0];
  return {
    billingType: i.billingType, autoGenerateBillingDocuments: i.autoGenerateBillingDocuments, type: info.type,
    payerId: info.payerId, payerName: info.payerName, payerLabel: info.payerId ? `${info.payerName ?? ''} (${info.payerId})`.trim() : '',
    memberId: info.memberId ?? '', groupId: info.groupId ?? '', planId: info.planId ?? '', coPay: dollars(info.coPay), deductible: dollars(info.deductible),
    payerPhone: info.payerPhone ?? '', payerFax: info.payerFax ?? '', employerOrSchool: info.employerOrSchool ?? '', cardOnFile: info.cardOnFile,
    relationship: info.primaryInsured.relationship, insuredFirstName: info.primaryInsured.firstName ?? '', insuredLastName: info.primaryInsured.lastName ?? '', insuredDateOfBirth: info.primaryInsured.dateOfBirth ?? '',
    authRequired: i.authorizationTracking.required, authNumber: i.authorizationTracking.number ?? '', visitsAuthorized: i.authorizationTracking.visitsAuthorized === null ? '' : String(i.authorizationTracking.visitsAuthorized),
    claimNote: i.additionalClaimInfo.note ?? '', diagnoses: (i.additionalClaimInfo.diagnoses ?? []).join(', '), defaultService: service?.service ?? '', defaultFee: dollars(service?.amount),
    otherServices: i.defaultServices.filter((s) => s !== service).map((s) => ({ service: s.service, amount: s.amount, default: false })),
  };
}

export function inputFromForm(f: InsuranceForm): ClientInsuranceInput {
  const self = f.relationship === 'self';
  const visits = f.visitsAuthorized.trim();
  const fee = toCents(f.defaultFee);
  return {
    billingType: f.billingType,
    autoGenerateBillingDocuments: f.autoGenerateBillingDocuments,
    insuranceInfo: {
      type: f.type, payerId: f.payerId, payerName: f.payerName, memberId: orNull(f.memberId), groupId: orNull(f.groupId), planId: orNull(f.planId),
      coPay: toCents(f.coPay), deductible: toCents(f.deductible), payerPhone: orNull(f.payerPhone), payerFax: orNull(f.payerFax), employerOrSchool: orNull(f.employerOrSchool), cardOnFile: f.cardOnFile,
      primaryInsured: self ? { relationship: 'self' } : { relationship: f.relationship, firstName: orNull(f.insuredFirstName), lastName: orNull(f.insuredLastName), dateOfBirth: orNull(f.insuredDateOfBirth) },
    },
    authorizationTracking: { required: f.authRequired, number: orNull(f.authNumber), visitsAuthorized: visits === '' ? null : /^\d+$/.test(visits) ? Number(visits) : -1 },
    additionalClaimInfo: { note: orNull(f.claimNote), diagnoses: f.diagnoses.split(/[\s,;]+/).filter((d) => d !== '') },
    defaultServices: [...(f.defaultService.trim() ? [{ service: f.defaultService.trim(), amount: fee ?? -1, default: true }] : []), ...f.otherServices],
  };
}
