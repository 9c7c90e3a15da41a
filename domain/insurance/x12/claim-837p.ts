/**
 * The 837P 005010X222A1 generator (issue 16): one interchange (ISA/GS/ST) per file, one billing
 * provider (2000A), and per claim a subscriber level (2000B, with the payer in 2010BB) and, when the
 * patient is not the subscriber, a patient level (2000C). Loop order, element lengths and code lists
 * follow the implementation guide; check-837p.ts verifies the structure independently.
 *
 * Pure: control numbers come from the caller (who keeps them unique per sender); the same input
 * always gives the same bytes.
 */
import type { Address, BillingProvider, ClaimBundle, ClaimFileInput, ControlNumbers, PersonName, ServiceLine } from './claim-input.ts';
import { SEPARATORS, X12DataError, amount, id, pad, text, writeSegment, type Segment } from './segments.ts';

export const IMPLEMENTATION_GUIDE = '005010X222A1';
/** Places of service that mean telehealth (02 other than home, 10 in the patient's home). */
export const TELEHEALTH_POS = ['02', '10'];

function digits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

function ccyymmdd(date: string, field: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new X12DataError(field, 'is not a date (YYYY-MM-DD)');
  return date.replace(/-/g, '');
}

function zip(value: string, field: string, nineDigits: boolean): string {
  const z = digits(value);
  if (nineDigits ? !/^\d{9}$/.test(z) : !/^(\d{5}|\d{9})$/.test(z)) {
    throw new X12DataError(field, nineDigits ? 'must be the 9-digit ZIP+4' : 'must be a 5- or 9-digit ZIP code');
  }
  return z;
}

function address(a: Address, field: string, nineDigitZip = false): Segment[] {
  if (!/^[A-Z]{2}$/.test(a.state.toUpperCase())) throw new X12DataError(`${field}.state`, 'must be a two-letter state code');
  return [
    ['N3', text(a.line1, `${field}.line1`, 55), a.line2 ? text(a.line2, `${field}.line2`, 55) : undefined],
    ['N4', text(a.city, `${field}.city`, 30), a.state.toUpperCase(), zip(a.zip, `${field}.zip`, nineDigitZip)],
  ];
}

/** NM103–NM107 of a person. */
function personName(n: PersonName, field: string): Array<string | undefined> {
  return [
    text(n.last, `${field}.last`, 60),
    text(n.first, `${field}.first`, 35),
    n.middle ? text(n.middle, `${field}.middle`, 25) : undefined,
    undefined,
    n.suffix ? text(n.suffix, `${field}.suffix`, 10) : undefined,
  ];
}

function npi(value: string, field: string): string {
  if (!/^\d{10}$/.test(value)) throw new X12DataError(field, 'must be a 10-digit NPI');
  return value;
}

function stamp(at: Date): { ccyymmdd: string; yymmdd: string; hhmm: string } {
  const iso = at.toISOString();
  const date = iso.slice(0, 10).replace(/-/g, '');
  return { ccyymmdd: date, yymmdd: date.slice(2), hhmm: iso.slice(11, 16).replace(':', '') };
}

function billingLoop(b: BillingProvider): Segment[] {
  const name =
    b.kind === 'organization'
      ? ['2', text(b.organizationName ?? '', 'billing.organizationName', 60)]
      : ['1', ...personName(b.person ?? { last: '', first: '' }, 'billing.person')];
  const nm1: Segment = ['NM1', '85', ...name];
  while (nm1.length < 8) nm1.push(undefined);
  nm1.push('XX', npi(b.npi, 'billing.npi'));
  const taxId = digits(b.taxId);
  if (!/^\d{9}$/.test(taxId)) throw new X12DataError('billing.taxId', 'must be 9 digits (EIN or SSN)');
  return [
    ['PRV', 'BI', 'PXC', id(b.taxonomy, 'billing.taxonomy', 50)],
    nm1,
    ...address(b.address, 'billing.address', true),
    ['REF', b.taxIdKind ?? 'EI', taxId],
  ];
}

/** The line's modifiers: the biller's, then telehealth (per payer), then the credential modifier. */
export function lineModifiers(bundle: ClaimBundle, line: ServiceLine): string[] {
  const mods = [...(line.modifiers ?? [])].map((m) => m.toUpperCase());
  const pos = line.placeOfService ?? bundle.claim.placeOfService;
  const tele = bundle.payer.telehealthModifier;
  if (tele && TELEHEALTH_POS.includes(pos) && !mods.includes(tele)) mods.push(tele);
  const cred = bundle.rendering.credentialModifier?.toUpperCase();
  if (bundle.payer.credentialModifiers && cred && !mods.includes(cred)) mods.push(cred);
  return mods;
}

function claimLoops(bundle: ClaimBundle, billing: BillingProvider, index: number): Segment[] {
  const { claim, rendering, supervising } = bundle;
  const f = `claims[${index}]`;
  if (claim.lines.length === 0) throw new X12DataError(`${f}.lines`, 'a claim needs at least one service line');
  if (claim.lines.length > 50) throw new X12DataError(`${f}.lines`, 'an 837P claim holds at most 50 service lines');
  if (claim.diagnoses.length === 0) throw new X12DataError(`${f}.diagnoses`, 'a claim needs at least one diagnosis');
  if (claim.diagnoses.length > 12) throw new X12DataError(`${f}.diagnoses`, 'an 837P claim holds at most 12 diagnoses');
  const total = claim.lines.reduce((s, l) => s + l.chargeCents, 0);
  const out: Segment[] = [
    [
      'CLM',
      id(claim.patientControlNumber, `${f}.patientControlNumber`, 38),
      amount(total),
      undefined,
      undefined,
      [id(claim.placeOfService, `${f}.placeOfService`, 2), 'B', claim.frequencyCode],
      claim.providerSignatureOnFile ? 'Y' : 'N',
      claim.assignment,
      claim.benefitsAssigned,
      claim.releaseOfInformation,
    ],
  ];
  if (claim.priorAuthorization) out.push(['REF', 'G1', id(claim.priorAuthorization, `${f}.priorAuthorization`, 50)]);
  if (claim.frequencyCode !== '1') {
    if (!claim.originalClaimNumber) {
      throw new X12DataError(`${f}.originalClaimNumber`, "a corrected or void claim needs the payer's original claim number");
    }
    out.push(['REF', 'F8', id(claim.originalClaimNumber, `${f}.originalClaimNumber`, 50)]);
  }
  out.push([
    'HI',
    ...claim.diagnoses.map((d, i) => [i === 0 ? 'ABK' : 'ABF', id(d.replace('.', '').toUpperCase(), `${f}.diagnoses[${i}]`, 30)]),
  ]);
  const sameAsBilling = billing.kind === 'person' && billing.npi === rendering.npi;
  if (!sameAsBilling) {
    out.push(
      ['NM1', '82', '1', ...personName(rendering.name, `${f}.rendering.name`), 'XX', npi(rendering.npi, `${f}.rendering.npi`)],
      ['PRV', 'PE', 'PXC', id(rendering.taxonomy, `${f}.rendering.taxonomy`, 50)],
    );
  }
  if (bundle.serviceFacility) {
    const sf = bundle.serviceFacility;
    out.push(
      ['NM1', '77', '2', text(sf.name, `${f}.serviceFacility.name`, 60), undefined, undefined, undefined, undefined, ...(sf.npi ? ['XX', npi(sf.npi, `${f}.serviceFacility.npi`)] : [])],
      ...address(sf.address, `${f}.serviceFacility.address`, true),
    );
  }
  if (supervising) {
    out.push(['NM1', 'DQ', '1', ...personName(supervising.name, `${f}.supervising.name`), 'XX', npi(supervising.npi, `${f}.supervising.npi`)]);
  }
  claim.lines.forEach((line, i) => {
    const lf = `${f}.lines[${i}]`;
    const mods = lineModifiers(bundle, line);
    if (mods.length > 4) throw new X12DataError(`${lf}.modifiers`, 'a service line holds at most 4 modifiers');
    if (line.diagnosisPointers.length < 1 || line.diagnosisPointers.length > 4) {
      throw new X12DataError(`${lf}.diagnosisPointers`, 'a service line points to 1 to 4 diagnoses');
    }
    const bad = line.diagnosisPointers.find((p) => !Number.isInteger(p) || p < 1 || p > claim.diagnoses.length);
    if (bad !== undefined) throw new X12DataError(`${lf}.diagnosisPointers`, `pointer ${bad} names no diagnosis on the claim`);
    if (!Number.isInteger(line.units) || line.units < 1) throw new X12DataError(`${lf}.units`, 'must be a whole number of at least 1');
    const pos = line.placeOfService && line.placeOfService !== claim.placeOfService ? id(line.placeOfService, `${lf}.placeOfService`, 2) : undefined;
    out.push(
      ['LX', String(i + 1)],
      [
        'SV1',
        ['HC', id(line.procedureCode.toUpperCase(), `${lf}.procedureCode`, 48), ...mods.map((m, k) => id(m, `${lf}.modifiers[${k}]`, 2))],
        amount(line.chargeCents),
        'UN',
        String(line.units),
        pos,
        undefined,
        line.diagnosisPointers.map(String),
      ],
      ['DTP', '472', 'D8', ccyymmdd(line.serviceDate, `${lf}.serviceDate`)],
    );
    if (line.lineControlNumber) out.push(['REF', '6R', id(line.lineControlNumber, `${lf}.lineControlNumber`, 50)]);
  });
  return out;
}

function subscriberLoops(bundle: ClaimBundle, f: string): { subscriber: Segment[]; patient: Segment[] } {
  const { subscriber: s, patient: p, payer } = bundle;
  const self = !p;
  const subscriber: Segment[] = [
    [
      'SBR',
      s.payerResponsibility,
      self ? '18' : undefined,
      s.groupNumber ? id(s.groupNumber, `${f}.subscriber.groupNumber`, 50) : undefined,
      !s.groupNumber && s.groupName ? text(s.groupName, `${f}.subscriber.groupName`, 60) : undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      payer.claimFilingCode,
    ],
    ['NM1', 'IL', '1', ...personName(s.name, `${f}.subscriber.name`), 'MI', id(s.memberId.toUpperCase(), `${f}.subscriber.memberId`, 80)],
    ...address(s.address, `${f}.subscriber.address`),
  ];
  if (self) subscriber.push(['DMG', 'D8', ccyymmdd(s.dateOfBirth, `${f}.subscriber.dateOfBirth`), s.gender]);
  subscriber.push(['NM1', 'PR', '2', text(payer.name, `${f}.payer.name`, 60), undefined, undefined, undefined, undefined, 'PI', id(payer.payerId, `${f}.payer.payerId`, 80)]);
  const patient: Segment[] = p
    ? [
        ['PAT', p.relationship],
        ['NM1', 'QC', '1', ...personName(p.name, `${f}.patient.name`)],
        ...address(p.address, `${f}.patient.address`),
        ['DMG', 'D8', ccyymmdd(p.dateOfBirth, `${f}.patient.dateOfBirth`), p.gender],
      ]
    : [];
  return { subscriber, patient };
}

/** The 837P file for `input`, segments separated by `~` and a newline for readability (ignored by X12 readers when `newlines`). */
export function build837P(input: ClaimFileInput, options: { newlines?: boolean } = {}): string {
  const { control, submitter, receiver } = input;
  if (input.claims.length === 0) throw new X12DataError('claims', 'a claim file needs at least one claim');
  for (const [name, n] of Object.entries(control)) {
    if (!Number.isInteger(n) || n < 1 || n > 999_999_999) throw new X12DataError(`control.${name}`, 'must be a whole number from 1 to 999999999');
  }
  const t = stamp(input.createdAt);
  const isa13 = String(control.interchange).padStart(9, '0');
  const st02 = String(control.transaction).padStart(4, '0');
  const senderId = id(submitter.id, 'submitter.id', 15);
  const receiverId = id(receiver.id, 'receiver.id', 15);
  const phone = submitter.phone.replace(/\D/g, '');
  if (!/^\d{10}$/.test(phone)) throw new X12DataError('submitter.phone', 'must be a 10-digit phone number');
  const body: Segment[] = [
    ['ST', '837', st02, IMPLEMENTATION_GUIDE],
    ['BHT', '0019', '00', isa13, t.ccyymmdd, t.hhmm, 'CH'],
    ['NM1', '41', '2', text(submitter.name, 'submitter.name', 60), undefined, undefined, undefined, undefined, '46', senderId],
    ['PER', 'IC', text(submitter.contactName, 'submitter.contactName', 60), 'TE', phone],
    ['NM1', '40', '2', text(receiver.name, 'receiver.name', 60), undefined, undefined, undefined, undefined, '46', receiverId],
    ['HL', '1', undefined, '20', '1'],
    ...billingLoop(input.billing),
  ];
  let hl = 1;
  input.claims.forEach((bundle, i) => {
    const f = `claims[${i}]`;
    const { subscriber, patient } = subscriberLoops(bundle, f);
    hl += 1;
    const subscriberHl = hl;
    body.push(['HL', String(subscriberHl), '1', '22', patient.length > 0 ? '1' : '0'], ...subscriber);
    if (patient.length > 0) {
      hl += 1;
      body.push(['HL', String(hl), String(subscriberHl), '23', '0'], ...patient);
    }
    body.push(...claimLoops(bundle, input.billing, i));
  });
  body.push(['SE', String(body.length + 1), st02]);
  const isa = [
    'ISA', '00', pad('', 10, 'ISA02'), '00', pad('', 10, 'ISA04'), 'ZZ', pad(senderId, 15, 'ISA06'), 'ZZ', pad(receiverId, 15, 'ISA08'),
    t.yymmdd, t.hhmm, SEPARATORS.repetition, '00501', isa13, '0', input.usage, SEPARATORS.component,
  ].join(SEPARATORS.element) + SEPARATORS.segment;
  const segments = [
    ['GS', 'HC', senderId, receiverId, t.ccyymmdd, t.hhmm, String(control.group), 'X', IMPLEMENTATION_GUIDE] as Segment,
    ...body,
    ['GE', '1', String(control.group)] as Segment,
    ['IEA', '1', isa13] as Segment,
  ].map((s) => writeSegment(s));
  return [isa, ...segments].join(options.newlines === false ? '' : '\n') + (options.newlines === false ? '' : '\n');
}

/**
 * The control numbers of the next file after `last` (kept by the caller per submitter): ISA13 and
 * GS06 move on by one and wrap after 999999999; every file carries one transaction set, ST02 0001.
 */
export function nextControlNumbers(last: ControlNumbers | undefined): ControlNumbers {
  const next = last ? (last.interchange % 999_999_999) + 1 : 1;
  return { interchange: next, group: next, transaction: 1 };
}
