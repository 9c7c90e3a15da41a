/**
 * The typed input of one professional claim (837P 005010X222A1) and of the file that carries it.
 * Money in integer cents; dates as YYYY-MM-DD; codes as the guide lists them.
 */

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  /** Two-letter US state code. */
  state: string;
  /** 5 or 9 digits; hyphens are stripped (spec: "hyphens are stripped from the zip codes"). */
  zip: string;
}

export interface PersonName {
  last: string;
  first: string;
  middle?: string;
  suffix?: string;
}

export type Gender = 'F' | 'M' | 'U';

/** 2010AA: the billing provider (the practice, or a solo clinician billing under their own name). */
export interface BillingProvider {
  kind: 'organization' | 'person';
  /** Organization name, or the clinician's last name when `kind` is person. */
  organizationName?: string;
  person?: PersonName;
  npi: string;
  taxonomy: string;
  /** EIN (9 digits, hyphen allowed in input) or SSN for a solo clinician. */
  taxId: string;
  taxIdKind?: 'EI' | 'SY';
  /** Must be a street address (no P.O. box); ZIP must be 9 digits for the billing provider. */
  address: Address;
}

/** 1000A: who sends the file, with the contact the payer calls about it. */
export interface Submitter {
  name: string;
  /** ETIN assigned by the clearinghouse; also ISA06/GS02. */
  id: string;
  contactName: string;
  /** 10 digits. (No e-mail: '@' is outside the X12 basic character set.) */
  phone: string;
}

export interface Receiver {
  name: string;
  /** ETIN of the receiver (clearinghouse); also ISA08/GS03. */
  id: string;
}

/** SBR09: claim filing indicator. */
export type ClaimFilingCode = 'CI' | 'BL' | 'MB' | 'MC' | 'HM' | '12' | '13' | '14' | '15' | '16' | '17' | 'CH' | 'VA' | 'WC' | 'OF' | 'DS' | 'FI' | 'LM' | 'MA' | 'TV' | 'ZZ' | 'AM' | '09' | '10' | '11';

export interface Payer {
  name: string;
  /** Payer id as the clearinghouse publishes it (2010BB NM109, qualifier PI). */
  payerId: string;
  claimFilingCode: ClaimFilingCode;
  /** Telehealth modifier this payer wants on POS 02/10 lines: 95, GT, or none. */
  telehealthModifier?: '95' | 'GT';
  /** True when this payer wants the rendering clinician's credential modifier (HO/HN/AH/AJ…) on each line. */
  credentialModifiers?: boolean;
  /** Days from the date of service within which a claim must be filed (timely filing). */
  timelyFilingDays?: number;
  /** Procedure codes that need a prior authorization number with this payer. */
  authorizationRequiredFor?: string[];
  /** Member id format, e.g. /^[A-Z]{3}\d{9}$/ for a BCBS plan, as text; null for any. */
  memberIdPattern?: string;
}

export interface Subscriber {
  name: PersonName;
  memberId: string;
  groupNumber?: string;
  groupName?: string;
  dateOfBirth: string;
  gender: Gender;
  address: Address;
  /** SBR01: P primary, S secondary, T tertiary. */
  payerResponsibility: 'P' | 'S' | 'T';
}

/** PAT01 codes allowed in 2000C (patient is not the subscriber). */
export type PatientRelationship = '01' | '19' | '20' | '21' | '39' | '40' | '53' | 'G8';

export interface Patient {
  name: PersonName;
  dateOfBirth: string;
  gender: Gender;
  address: Address;
  relationship: PatientRelationship;
}

export interface RenderingProvider {
  name: PersonName;
  npi: string;
  taxonomy: string;
  /** HO / HN / AH / AJ …: written when the payer asks for credential modifiers. */
  credentialModifier?: string;
}

export interface SupervisingProvider {
  name: PersonName;
  npi: string;
}

export interface ServiceLine {
  /** CPT/HCPCS code. */
  procedureCode: string;
  /** Modifiers the biller chose; telehealth and credential modifiers are added by the generator. */
  modifiers?: string[];
  chargeCents: number;
  units: number;
  serviceDate: string;
  /** 1-based pointers into the claim's diagnoses (up to 4). */
  diagnosisPointers: number[];
  /** Line place of service when it differs from the claim's. */
  placeOfService?: string;
  /** Our line id, sent as REF*6R and returned in the 835 (SVC REF*6R) to match lines. */
  lineControlNumber?: string;
}

/** CLM05-3: 1 original, 7 replacement (corrected claim), 8 void. */
export type FrequencyCode = '1' | '7' | '8';

export interface ClaimInput {
  /** CLM01: the patient control number (our claim id, ≤ 20 characters so payers return it whole). */
  patientControlNumber: string;
  placeOfService: string;
  frequencyCode: FrequencyCode;
  /** REF*F8: the payer's claim control number of the claim being corrected or voided. */
  originalClaimNumber?: string;
  /** REF*G1: prior authorization number. */
  priorAuthorization?: string;
  /** ICD-10-CM codes, principal first (the decimal point is dropped on the wire). Up to 12. */
  diagnoses: string[];
  providerSignatureOnFile: boolean;
  /** CLM07: A assigned, B assignment accepted on clinical lab services only, C not assigned. */
  assignment: 'A' | 'B' | 'C';
  benefitsAssigned: 'Y' | 'N' | 'W';
  /** CLM09: I informed consent (no signature), Y signed statement. */
  releaseOfInformation: 'I' | 'Y';
  lines: ServiceLine[];
}

/** 2310C: where the sessions took place, when that is not the billing provider's address. */
export interface ServiceFacility {
  name: string;
  npi?: string;
  /** ZIP must be the 9-digit ZIP+4. */
  address: Address;
}

/** One claim with everyone it names. `patient` is absent when the patient is the subscriber. */
export interface ClaimBundle {
  subscriber: Subscriber;
  patient?: Patient;
  payer: Payer;
  claim: ClaimInput;
  rendering: RenderingProvider;
  /** Spec: insurance settings' serviceLocation.includeInClaim. Not for telehealth (POS 02/10). */
  serviceFacility?: ServiceFacility;
  supervising?: SupervisingProvider;
}

export interface ControlNumbers {
  /** ISA13, 1–999999999, unique per sender (kept by the caller). */
  interchange: number;
  /** GS06. */
  group: number;
  /** ST02 of the first transaction set. */
  transaction: number;
}

export interface ClaimFileInput {
  submitter: Submitter;
  receiver: Receiver;
  billing: BillingProvider;
  claims: ClaimBundle[];
  control: ControlNumbers;
  /** When the file is made (UTC); drives ISA09/10, GS04/05, BHT04/05. */
  createdAt: Date;
  /** ISA15: P production, T test. */
  usage: 'P' | 'T';
}
