/**
 * Claims from session lines (issue 16): one claim per session (the SessionLine of one appointment),
 * built from the client's record and insurance, the practice's insurance setting and billing
 * settings, the payer and the rendering clinician's profile. Pure: the claims Lambda reads the
 * items and writes the result; the scrubber (scrub.ts) says what to fix, claim-stages.ts moves it.
 *
 * Items (Practice table, `P#<practice>`):
 *   CLAIM#<id>   the claim; id = the patient control number (CLM01, ≤ 20 characters, derived from
 *                the session line's id, so creating the claim of a session twice finds the first)
 *   index keys   GSI3 `P#<p>#CLAIMS#<stage>` (the practice's claims in a stage), GSI2
 *                `P#<p>#U#<clinician>#CLAIMS#<stage>` (an own-records caller's), GSI1
 *                `P#<p>#C#<client>#CLAIMS` (a client's claims: the duplicate check); sort key
 *                `<date of service>#<id>`, newest first.
 */
import type { ClaimStage } from './claim-stages.ts';
import type { Address, BillingProvider, ClaimBundle, ClaimFilingCode, Gender, PatientRelationship, PersonName, SupervisingProvider } from './x12/claim-input.ts';

export const CLAIM_PREFIX = 'CLAIM#';
export const CLAIM_PAGE_SIZE = 20;
/** At most this many sessions or claims in one create / submit / status call. */
export const CLAIM_BATCH = 50;

type Item = Record<string, unknown>;

/** The patient control number of a session line's claim: C + up to 19 letters/digits (FNV-1a tail for long ids). */
export function claimIdFor(lineId: string): string {
  const alnum = lineId.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (alnum.length <= 19) return `C${alnum}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < lineId.length; i++) {
    h ^= lineId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `C${alnum.slice(0, 11)}${h.toString(16).toUpperCase().padStart(8, '0')}`;
}

export const claimKey = (practiceId: string, id: string) => ({ PK: `P#${practiceId}`, SK: CLAIM_PREFIX + id });
export const stagePartition = (practiceId: string, stage: ClaimStage) => `P#${practiceId}#CLAIMS#${stage}`;
export const ownStagePartition = (practiceId: string, clinicianId: string, stage: ClaimStage) => `P#${practiceId}#U#${clinicianId}#CLAIMS#${stage}`;
export const clientClaimsPartition = (practiceId: string, clientId: string) => `P#${practiceId}#C#${clientId}#CLAIMS`;

/** The index keys of a claim in `stage`. */
export function claimIndexKeys(practiceId: string, c: { id: string; stage: ClaimStage; filedUnder: string; clientId: string; serviceDate: string }): Item {
  const sort = `${c.serviceDate}#${c.id}`;
  return {
    GSI1PK: clientClaimsPartition(practiceId, c.clientId), GSI1SK: sort,
    GSI2PK: ownStagePartition(practiceId, c.filedUnder, c.stage), GSI2SK: sort,
    GSI3PK: stagePartition(practiceId, c.stage), GSI3SK: sort,
  };
}

/** The claim filing code (SBR09) from the payer's name: Blue plans BL, Medicare MB, Medicaid MC, else commercial CI. */
export function filingCodeOf(payerName: string): ClaimFilingCode {
  const n = payerName.toLowerCase();
  if (n.includes('medicare')) return 'MB';
  if (n.includes('medicaid')) return 'MC';
  if (n.includes('blue') || n.includes('bcbs') || n.includes('anthem') || n.includes('highmark') || n.includes('regence') || n.includes('premera')) return 'BL';
  return 'CI';
}

const RELATIONSHIP_CODES: Record<string, PatientRelationship> = { spouse: '01', child: '19', other: 'G8' };

function gender(value: unknown): Gender {
  const g = typeof value === 'string' ? value.toLowerCase() : '';
  return g.startsWith('f') ? 'F' : g.startsWith('m') ? 'M' : 'U';
}

/** MM/DD/YYYY (the client record's form) or YYYY-MM-DD → YYYY-MM-DD; '' when neither. */
export function isoDateOf(value: unknown): string {
  const s = typeof value === 'string' ? value : '';
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : '';
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function address(a: Item | null | undefined): Address {
  const x = a ?? {};
  return { line1: str(x.line1 ?? x.street), ...(str(x.line2) ? { line2: str(x.line2) } : {}), city: str(x.city), state: str(x.state), zip: str(x.zip).replace(/-/g, '') };
}

function digits(value: unknown): string {
  return str(value).replace(/\D/g, '');
}

/** The billing provider (2010AA) from the insurance setting's providerInfo and the billing settings (tax id, address fallback). */
export function billingProviderOf(insuranceSetting: Item | null, billingSettings: Item | null): BillingProvider {
  const info = ((insuranceSetting?.providerInfo ?? {}) as Item);
  const billing = (billingSettings ?? {});
  const names = (info.names ?? {}) as Item;
  const individual = info.type === 'individual';
  const providerAddress = (info.address ?? {}) as Item;
  const addr = str(providerAddress.street) ? providerAddress : ((billing.address ?? {}) as Item);
  return {
    kind: individual ? 'person' : 'organization',
    ...(individual ? { person: { last: str(names.lastName), first: str(names.firstName) } } : { organizationName: str(info.practiceName) }),
    npi: str(info.npi) || str(billing.organizationNPI),
    taxonomy: str(info.taxonomyCode),
    taxId: digits(billing.taxId),
    taxIdKind: 'EI',
    address: address(addr),
  };
}

export interface ClaimSources {
  claimId: string;
  line: Item;
  client: Item;
  /** The client's insurance data (ClientInsurance#<client>.data). */
  insurance: Item;
  payerName: string;
  /** The rendering clinician's profile (Therapist#<sub>), or null. */
  clinician: Item | null;
  insuranceSetting: Item | null;
  frequencyCode: '1' | '7' | '8';
  originalClaimNumber?: string;
  /** 2310D: the clinician's supervisor at the date of service, when the payer requires it (supervising.ts). */
  supervising?: SupervisingProvider;
}

/** The 837P bundle of one session's claim. Missing data stays empty: the scrubber names it. */
export function buildClaimBundle(s: ClaimSources): ClaimBundle {
  const info = (s.insurance.insuranceInfo ?? {}) as Item;
  const insured = (info.primaryInsured ?? {}) as Item;
  const claimInfo = (s.insurance.additionalClaimInfo ?? {}) as Item;
  const auth = (s.insurance.authorizationTracking ?? {}) as Item;
  const person = (s.client.personalDetail ?? {}) as Item;
  const clientName: PersonName = { last: str(person.last), first: str(person.first), ...(str(person.middle) ? { middle: str(person.middle) } : {}) };
  const clientAddress = address(s.client.address as Item);
  const self = !insured.relationship || insured.relationship === 'self';
  const profile = (s.clinician ?? {});
  const provider = (profile.provider ?? {}) as Item;
  const profilePerson = (profile.person ?? {}) as Item;
  const diagnoses = Array.isArray(claimInfo.diagnoses) ? (claimInfo.diagnoses as string[]) : [];
  const setting = (s.insuranceSetting ?? {});
  const location = (setting.serviceLocation ?? {}) as Item;
  const pos = str(s.line.placeOfService) || '11';
  const authorization = auth.required && str(auth.number) ? str(auth.number) : undefined;
  const bundle: ClaimBundle = {
    subscriber: {
      name: self ? clientName : { last: str(insured.lastName), first: str(insured.firstName) },
      memberId: str(info.memberId),
      ...(str(info.groupId) ? { groupNumber: str(info.groupId) } : {}),
      dateOfBirth: isoDateOf(self ? s.client.dateOfBirth : insured.dateOfBirth),
      gender: gender(self ? s.client.gender : insured.gender),
      address: self ? clientAddress : address(insured.address as Item),
      payerResponsibility: info.type === 'secondary' ? 'S' : 'P',
    },
    payer: { name: s.payerName, payerId: str(info.payerId), claimFilingCode: filingCodeOf(s.payerName), telehealthModifier: '95', timelyFilingDays: 180 },
    claim: {
      patientControlNumber: s.claimId,
      placeOfService: pos,
      frequencyCode: s.frequencyCode,
      ...(s.originalClaimNumber ? { originalClaimNumber: s.originalClaimNumber } : {}),
      ...(authorization ? { priorAuthorization: authorization } : {}),
      diagnoses,
      providerSignatureOnFile: true,
      assignment: 'A',
      benefitsAssigned: 'Y',
      releaseOfInformation: 'Y',
      lines: [{
        procedureCode: str(s.line.serviceCode),
        chargeCents: (s.line.units as number) * (s.line.feeCents as number),
        units: s.line.units as number,
        serviceDate: str(s.line.date),
        diagnosisPointers: diagnoses.slice(0, 4).map((_, i) => i + 1),
        lineControlNumber: `${s.claimId}L1`,
      }],
    },
    rendering: {
      name: { last: str(provider.lastName) || str(profilePerson.last), first: str(provider.firstName) || str(profilePerson.first) },
      npi: str(provider.npi),
      taxonomy: str(provider.taxonomyCode),
    },
  };
  if (!self) {
    bundle.patient = { name: clientName, dateOfBirth: isoDateOf(s.client.dateOfBirth), gender: gender(s.client.gender), address: clientAddress, relationship: RELATIONSHIP_CODES[str(insured.relationship)] ?? 'G8' };
  }
  if (location.includeInClaim && pos !== '02' && pos !== '10') {
    const info2 = (setting.providerInfo ?? {}) as Item;
    bundle.serviceFacility = { name: str(info2.practiceName) || 'OFFICE', address: address(info2.address as Item) };
  }
  if (s.supervising) bundle.supervising = s.supervising;
  return bundle;
}

/** The claim's total charge: its lines' units × charge. */
export function chargeOf(bundle: ClaimBundle): number {
  return bundle.claim.lines.reduce((sum, l) => sum + l.chargeCents, 0);
}
