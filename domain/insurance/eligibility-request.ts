/**
 * The eligibility request (270 / Stedi JSON) built from the client, the subscriber and dependent,
 * the practice (billing provider) and the payer (issue 16). The spec's rule (part 2 §5): hyphens are
 * stripped from the zip codes of payer, subscriber and dependent and from the billing provider's tax
 * id. Dates of birth go out as CCYYMMDD. When the client is the subscriber there is no dependent;
 * otherwise the client is the dependent and the primary insured is the subscriber.
 */
import { MENTAL_HEALTH_SERVICE_TYPES } from './eligibility.ts';

export interface PersonAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

export interface EligibilityPerson {
  firstName: string;
  lastName: string;
  /** MM/DD/YYYY as stored, or CCYYMMDD. */
  dateOfBirth: string;
  gender?: string | null;
  address?: PersonAddress | null;
}

export interface EligibilityInput {
  controlNumber: string;
  payer: { id: string; name: string; address?: PersonAddress | null };
  provider: { organizationName: string | null; firstName?: string | null; lastName?: string | null; npi: string; taxId?: string | null; address?: PersonAddress | null };
  /** The insured person; memberId is theirs. */
  subscriber: EligibilityPerson & { memberId: string; groupNumber?: string | null };
  /** The client when they are not the subscriber (X12 2000C), with their relationship to the subscriber. */
  dependent?: (EligibilityPerson & { relationship: string }) | null;
  /** CCYYMMDD; absent = today at the payer. */
  dateOfService?: string | null;
  serviceTypeCodes?: string[];
}

export interface WireAddress {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

/** Stedi's eligibility v3 request body (POST /change/medicalnetwork/eligibility/v3). */
export interface StediEligibilityRequest {
  controlNumber: string;
  tradingPartnerServiceId: string;
  tradingPartnerName?: string;
  provider: { organizationName?: string; firstName?: string; lastName?: string; npi: string; taxId?: string; address?: WireAddress };
  subscriber: { memberId: string; firstName: string; lastName: string; dateOfBirth: string; gender?: string; groupNumber?: string; address?: WireAddress };
  dependents?: { firstName: string; lastName: string; dateOfBirth: string; gender?: string; individualRelationshipCode?: string; address?: WireAddress }[];
  encounter: { serviceTypeCodes: string[]; dateOfService?: string };
  /** Not sent by Stedi's API; kept on the request for the X12 270 (2100A has no address, but the rule names it). */
  payerAddress?: WireAddress;
}

/** Hyphens out (the spec's rule), spaces kept for Canadian postal codes. */
export function stripHyphens(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const out = value.split('-').join('').trim();
  return out === '' ? undefined : out;
}

/** MM/DD/YYYY → CCYYMMDD; CCYYMMDD and YYYY-MM-DD pass through as CCYYMMDD. */
export function toX12Date(value: string): string {
  const v = value.trim();
  if (v.length === 10 && v[2] === '/' && v[5] === '/') return v.slice(6, 10) + v.slice(0, 2) + v.slice(3, 5);
  if (v.length === 10 && v[4] === '-' && v[7] === '-') return v.split('-').join('');
  return v;
}

/** X12 INS02 / Stedi individualRelationshipCode: 01 spouse, 19 child, G8 other. */
export function relationshipCode(relationship: string): string {
  if (relationship === 'spouse') return '01';
  if (relationship === 'child') return '19';
  return 'G8';
}

function genderCode(gender: string | null | undefined): string | undefined {
  const g = (gender ?? '').toLowerCase();
  if (g === 'male' || g === 'm') return 'M';
  if (g === 'female' || g === 'f') return 'F';
  return undefined;
}

function wireAddress(address: PersonAddress | null | undefined): WireAddress | undefined {
  if (!address) return undefined;
  const out: WireAddress = {};
  if (address.line1) out.address1 = address.line1;
  if (address.line2) out.address2 = address.line2;
  if (address.city) out.city = address.city;
  if (address.state) out.state = address.state;
  const zip = stripHyphens(address.zip);
  if (zip) out.postalCode = zip;
  return Object.keys(out).length ? out : undefined;
}

/** A 9-digit control number (X12 ST02/BHT03 for the 270), from any unique text. */
export function controlNumberFrom(seed: string): string {
  let h = 7;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) % 1_000_000_000;
  return String(h).padStart(9, '0');
}

export function buildEligibilityRequest(input: EligibilityInput): StediEligibilityRequest {
  const p = input.provider;
  const provider: StediEligibilityRequest['provider'] = { npi: p.npi };
  if (p.organizationName) provider.organizationName = p.organizationName;
  else {
    if (p.firstName) provider.firstName = p.firstName;
    if (p.lastName) provider.lastName = p.lastName;
  }
  const taxId = stripHyphens(p.taxId);
  if (taxId) provider.taxId = taxId;
  const providerAddress = wireAddress(p.address);
  if (providerAddress) provider.address = providerAddress;
  const s = input.subscriber;
  const subscriber: StediEligibilityRequest['subscriber'] = { memberId: s.memberId.trim(), firstName: s.firstName, lastName: s.lastName, dateOfBirth: toX12Date(s.dateOfBirth) };
  const sGender = genderCode(s.gender);
  if (sGender) subscriber.gender = sGender;
  if (s.groupNumber) subscriber.groupNumber = s.groupNumber;
  const sAddress = wireAddress(s.address);
  if (sAddress) subscriber.address = sAddress;
  const request: StediEligibilityRequest = {
    controlNumber: input.controlNumber,
    tradingPartnerServiceId: input.payer.id,
    tradingPartnerName: input.payer.name,
    provider,
    subscriber,
    encounter: { serviceTypeCodes: input.serviceTypeCodes ?? ['30', 'MH'] },
  };
  if (input.dateOfService) request.encounter.dateOfService = toX12Date(input.dateOfService);
  const d = input.dependent;
  if (d) {
    const dependent: NonNullable<StediEligibilityRequest['dependents']>[number] = { firstName: d.firstName, lastName: d.lastName, dateOfBirth: toX12Date(d.dateOfBirth), individualRelationshipCode: relationshipCode(d.relationship) };
    const dGender = genderCode(d.gender);
    if (dGender) dependent.gender = dGender;
    const dAddress = wireAddress(d.address);
    if (dAddress) dependent.address = dAddress;
    request.dependents = [dependent];
  }
  const payerAddress = wireAddress(input.payer.address);
  if (payerAddress) request.payerAddress = payerAddress;
  return request;
}

/** The body sent to Stedi: everything but what its API does not take (the payer's address). */
export function stediWireBody(request: StediEligibilityRequest): Omit<StediEligibilityRequest, 'payerAddress'> {
  const { payerAddress: _omit, ...body } = request;
  void _omit;
  return body;
}

export { MENTAL_HEALTH_SERVICE_TYPES };
