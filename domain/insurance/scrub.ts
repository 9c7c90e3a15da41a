/**
 * The claim scrubber (issue 16): pure checks run before a claim is prepared, each rule its own
 * function returning what the biller must fix, in words that name the line, the value and where to
 * change it. `error` stops the claim in the scrub stage; `warning` lets it go on (timely filing close).
 */
import { isValidNpi } from '../npi.ts';
import { build837P, lineModifiers, TELEHEALTH_POS } from './x12/claim-837p.ts';
import type { BillingProvider, ClaimBundle, ClaimFileInput, ServiceLine } from './x12/claim-input.ts';
import { X12DataError } from './x12/segments.ts';

export type ScrubRule =
  | 'missingDiagnosis'
  | 'invalidNpi'
  | 'taxonomyMissing'
  | 'memberIdFormat'
  | 'placeOfServiceModifier'
  | 'serviceDateInFuture'
  | 'duplicateClaim'
  | 'authorizationMissing'
  | 'timelyFiling'
  | 'claimData';

export interface ScrubProblem {
  rule: ScrubRule;
  severity: 'error' | 'warning';
  /** Where to fix it, as a path in the claim bundle (for the page to link). */
  field: string;
  message: string;
}

/** An authorization on the client's insurance (authorization tracking). */
export interface Authorization {
  number: string;
  procedureCodes: string[];
  from: string;
  to: string;
  visitsRemaining?: number;
}

/** A claim already on file, for the duplicate check. */
export interface ClaimOnFile {
  patientControlNumber: string;
  memberId: string;
  payerId: string;
  /** Claims that were rejected or voided never reached adjudication: they are no duplicates. */
  stage: string;
  lines: Array<{ serviceDate: string; procedureCode: string }>;
}

export interface ScrubContext {
  /** Today in the practice's time zone, YYYY-MM-DD. */
  today: string;
  billing: BillingProvider;
  claimsOnFile: ClaimOnFile[];
  authorizations: Authorization[];
}

const TAXONOMY = /^[0-9]{3}[0-9A-Z]{6}X$/;
const ICD10 = /^[A-TV-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/;
const TELEHEALTH_MODIFIERS = ['95', 'GT'];
/** Timely filing: warn when this many days or fewer are left. */
const TIMELY_WARNING_DAYS = 14;

function days(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function lineName(line: ServiceLine, i: number): string {
  return `Line ${i + 1} (${line.procedureCode} on ${line.serviceDate})`;
}

const error = (rule: ScrubRule, field: string, message: string): ScrubProblem => ({ rule, severity: 'error', field, message });

export function missingDiagnosis(b: ClaimBundle): ScrubProblem[] {
  const out: ScrubProblem[] = [];
  if (b.claim.diagnoses.length === 0) {
    out.push(error('missingDiagnosis', 'claim.diagnoses', 'The claim has no diagnosis: add the ICD-10-CM code from the client’s diagnosis list (principal diagnosis first).'));
  }
  b.claim.diagnoses.forEach((d, i) => {
    if (!ICD10.test(d.trim().toUpperCase())) {
      out.push(error('missingDiagnosis', `claim.diagnoses[${i}]`, `Diagnosis ${i + 1} “${d}” is not an ICD-10-CM code (a letter, two characters, then up to four more, e.g. F41.1): correct it.`));
    }
  });
  if (b.claim.diagnoses.length > 12) {
    out.push(error('missingDiagnosis', 'claim.diagnoses', `The claim lists ${b.claim.diagnoses.length} diagnoses; a claim holds at most 12: keep the 12 the services treat.`));
  }
  b.claim.lines.forEach((line, i) => {
    const pointers = line.diagnosisPointers.filter((p) => p >= 1 && p <= b.claim.diagnoses.length);
    if (pointers.length === 0 && b.claim.diagnoses.length > 0) {
      out.push(error('missingDiagnosis', `claim.lines[${i}].diagnosisPointers`, `${lineName(line, i)} points to no diagnosis on the claim: choose the diagnosis (1–${Math.min(4, b.claim.diagnoses.length)}) it treats.`));
    } else if (pointers.length !== line.diagnosisPointers.length || line.diagnosisPointers.length > 4) {
      out.push(error('missingDiagnosis', `claim.lines[${i}].diagnosisPointers`, `${lineName(line, i)} points to diagnoses the claim does not have, or to more than 4: point only to diagnoses 1–${b.claim.diagnoses.length}, at most 4.`));
    }
  });
  return out;
}

export function invalidNpi(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  const checks: Array<[string, string, string]> = [
    ['billing.npi', ctx.billing.npi, 'The practice’s billing NPI %s fails the NPI check digit: correct it in Settings → Insurance (provider info).'],
    ['rendering.npi', b.rendering.npi, `The rendering clinician’s NPI %s fails the NPI check digit: correct it in ${b.rendering.name.first} ${b.rendering.name.last}’s profile.`],
  ];
  const out: ScrubProblem[] = [];
  if (b.supervising) {
    const supervisor = `${b.supervising.name.first} ${b.supervising.name.last}`.trim() || 'The supervising clinician';
    // Issue 18: the payer requires the supervising provider (2310D); without an NPI there is nothing to write.
    if (!b.supervising.npi.trim()) {
      out.push(error('invalidNpi', 'supervising.npi', `${b.payer.name} requires the supervising provider on claims, and ${supervisor} (who supervises ${b.rendering.name.first} ${b.rendering.name.last}) has no NPI: add it as Provider NPI in ${supervisor}’s profile, then scrub again.`));
    } else {
      checks.push(['supervising.npi', b.supervising.npi, `The supervising clinician’s NPI %s fails the NPI check digit: correct it in ${supervisor}’s profile.`]);
    }
  }
  return out.concat(checks
    .filter(([, npi]) => !isValidNpi(npi))
    .map(([field, npi, message]) => error('invalidNpi', field, message.replace('%s', npi || '(empty)'))));
}

export function taxonomyMissing(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  const out: ScrubProblem[] = [];
  const practice = ctx.billing.taxonomy?.trim().toUpperCase() ?? '';
  if (!TAXONOMY.test(practice)) {
    out.push(error('taxonomyMissing', 'billing.taxonomy', practice ? `The practice’s taxonomy code “${practice}” is not a taxonomy code (10 characters ending in X, e.g. 261QM0801X): correct it in Settings → Insurance.` : 'The practice has no taxonomy code: add it in Settings → Insurance (provider info), e.g. 261QM0801X for a mental-health clinic.'));
  }
  const own = b.rendering.taxonomy?.trim().toUpperCase() ?? '';
  if (!TAXONOMY.test(own)) {
    const who = `${b.rendering.name.first} ${b.rendering.name.last}`;
    out.push(error('taxonomyMissing', 'rendering.taxonomy', own ? `${who}’s taxonomy code “${own}” is not a taxonomy code (10 characters ending in X): correct it in their profile.` : `${who} has no taxonomy code: add it in their profile (e.g. 101YP2500X for a professional counselor).`));
  }
  return out;
}

/** A payer's member id pattern (payer data); a pattern that is not a valid expression checks nothing. */
function memberIdMatches(pattern: string, id: string): boolean {
  try {
    return new RegExp(pattern).test(id);
  } catch {
    return true;
  }
}

export function memberIdFormat(b: ClaimBundle): ScrubProblem[] {
  const id = b.subscriber.memberId.trim();
  const field = 'subscriber.memberId';
  if (id === '') return [error('memberIdFormat', field, `The client’s insurance has no member id: copy it from the ${b.payer.name} card.`)];
  if (!/^[A-Za-z0-9]{2,80}$/.test(id)) {
    return [error('memberIdFormat', field, `Member id “${id}” has spaces or symbols: enter only the letters and digits printed on the ${b.payer.name} card.`)];
  }
  if (b.payer.memberIdPattern && !memberIdMatches(b.payer.memberIdPattern, id.toUpperCase())) {
    return [error('memberIdFormat', field, `Member id “${id}” does not match the member id format of ${b.payer.name}: check it against the card (including any prefix letters).`)];
  }
  return [];
}

export function placeOfServiceModifier(b: ClaimBundle): ScrubProblem[] {
  const out: ScrubProblem[] = [];
  b.claim.lines.forEach((line, i) => {
    const pos = line.placeOfService ?? b.claim.placeOfService;
    const own = (line.modifiers ?? []).map((m) => m.toUpperCase());
    const tele = own.filter((m) => TELEHEALTH_MODIFIERS.includes(m));
    const field = `claim.lines[${i}].modifiers`;
    if (!TELEHEALTH_POS.includes(pos) && tele.length > 0) {
      out.push(error('placeOfServiceModifier', field, `${lineName(line, i)} has telehealth modifier ${tele.join(', ')} but place of service ${pos} is in person: set place of service 02 or 10 for a telehealth session, or remove the modifier.`));
    }
    const wanted = b.payer.telehealthModifier;
    if (TELEHEALTH_POS.includes(pos) && wanted && tele.some((m) => m !== wanted)) {
      out.push(error('placeOfServiceModifier', field, `${lineName(line, i)} carries ${tele.filter((m) => m !== wanted).join(', ')}, but ${b.payer.name} expects ${wanted} on telehealth lines: remove it (${wanted} is added for you).`));
    }
    if (lineModifiers(b, line).length > 4) {
      out.push(error('placeOfServiceModifier', field, `${lineName(line, i)} would carry more than 4 modifiers: remove the ones the payer does not need.`));
    }
  });
  return out;
}

export function serviceDateInFuture(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  return b.claim.lines.flatMap((line, i) =>
    line.serviceDate > ctx.today
      ? [error('serviceDateInFuture', `claim.lines[${i}].serviceDate`, `${lineName(line, i)} is in the future: bill a session only after it took place.`)]
      : [],
  );
}

export function duplicateClaim(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  if (b.claim.frequencyCode !== '1') return [];
  const out: ScrubProblem[] = [];
  b.claim.lines.forEach((line, i) => {
    const twin = ctx.claimsOnFile.find(
      (c) =>
        c.patientControlNumber !== b.claim.patientControlNumber &&
        !['rejected', 'voided'].includes(c.stage) &&
        c.payerId === b.payer.payerId &&
        c.memberId.toUpperCase() === b.subscriber.memberId.toUpperCase() &&
        c.lines.some((l) => l.serviceDate === line.serviceDate && l.procedureCode === line.procedureCode),
    );
    if (twin) {
      out.push(error('duplicateClaim', `claim.lines[${i}]`, `${lineName(line, i)} is already billed to ${b.payer.name} on claim ${twin.patientControlNumber}: remove the line, or send a corrected claim (frequency 7) for ${twin.patientControlNumber} instead.`));
    }
  });
  return out;
}

export function authorizationMissing(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  const needs = b.payer.authorizationRequiredFor ?? [];
  const field = 'claim.priorAuthorization';
  const lines = b.claim.lines.map((line, i) => ({ line, i })).filter(({ line }) => needs.includes(line.procedureCode));
  if (lines.length === 0) return [];
  if (!b.claim.priorAuthorization) {
    const codes = [...new Set(lines.map(({ line }) => line.procedureCode))].join(', ');
    const which = lines.map(({ i }) => i + 1).join(', ');
    return [error('authorizationMissing', field, `${b.payer.name} requires a prior authorization for ${codes} (line${lines.length > 1 ? 's' : ''} ${which}): enter the authorization number under the client’s insurance (authorization tracking).`)];
  }
  const auth = ctx.authorizations.find((a) => a.number === b.claim.priorAuthorization);
  if (!auth) return [];
  return lines.flatMap(({ line, i }) => {
    if (line.serviceDate < auth.from || line.serviceDate > auth.to) {
      return [error('authorizationMissing', field, `${lineName(line, i)} falls outside authorization ${auth.number} (${auth.from} to ${auth.to}): request a new authorization from ${b.payer.name} and enter it.`)];
    }
    if (!auth.procedureCodes.includes(line.procedureCode)) {
      return [error('authorizationMissing', field, `Authorization ${auth.number} does not cover ${line.procedureCode} (${lineName(line, i)}): enter the authorization that covers it.`)];
    }
    return [];
  });
}

export function timelyFiling(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  const limit = b.payer.timelyFilingDays;
  if (!limit) return [];
  return b.claim.lines.flatMap((line, i) => {
    const age = days(line.serviceDate, ctx.today);
    const left = limit - age;
    const field = `claim.lines[${i}].serviceDate`;
    if (left < 0) {
      return [error('timelyFiling', field, `${lineName(line, i)} is ${age} days old, past ${b.payer.name}’s ${limit}-day filing limit: the payer will deny it unless you have proof of timely filing — appeal with that proof instead of submitting.`)];
    }
    if (left <= TIMELY_WARNING_DAYS) {
      return [{ rule: 'timelyFiling' as const, severity: 'warning' as const, field, message: `${lineName(line, i)} must reach ${b.payer.name} within ${left} days (${limit}-day filing limit): submit it now.` }];
    }
    return [];
  });
}

/** Whatever the 837P writer would refuse (a ZIP without +4, a separator in an address…), as problems. */
export function claimData(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  const file: ClaimFileInput = {
    submitter: { name: 'SCRUB', id: 'SCRUB', contactName: 'SCRUB', phone: '0000000000' },
    receiver: { name: 'SCRUB', id: 'SCRUB' },
    billing: ctx.billing,
    claims: [b],
    control: { interchange: 1, group: 1, transaction: 1 },
    createdAt: new Date(0),
    usage: 'T',
  };
  try {
    build837P(file);
    return [];
  } catch (e) {
    if (!(e instanceof X12DataError)) throw e;
    const field = e.field.replace(/^claims\[0\]\./, '');
    return [error('claimData', field, `${describeField(field)} ${e.problem}: correct it and scrub again.`)];
  }
}

function describeField(field: string): string {
  const names: Array<[RegExp, string]> = [
    [/^billing\.address/, 'The practice’s billing address'],
    [/^billing\./, 'The practice’s provider info'],
    [/^subscriber\.address/, 'The subscriber’s address'],
    [/^subscriber\./, 'The subscriber’s insurance details'],
    [/^patient\./, 'The client’s details'],
    [/^payer\./, 'The payer'],
    [/^rendering\./, 'The rendering clinician’s profile'],
    [/^supervising\./, 'The supervising clinician’s profile'],
    [/^serviceFacility\./, 'The service location (Settings → Insurance)'],
    [/^claim\.lines/, 'A service line'],
  ];
  return `${names.find(([re]) => re.test(field))?.[1] ?? 'The claim'} (${field})`;
}

export const SCRUB_RULES = [missingDiagnosis, invalidNpi, taxonomyMissing, memberIdFormat, placeOfServiceModifier, serviceDateInFuture, duplicateClaim, authorizationMissing, timelyFiling];

/** Every problem of the claim; the claim may move on to prepared when none is an error. */
export function scrubClaim(b: ClaimBundle, ctx: ScrubContext): ScrubProblem[] {
  const problems = SCRUB_RULES.flatMap((rule) => rule(b, ctx));
  // The writer's own refusals only add news when the rules above found nothing to fix first.
  return problems.some((p) => p.severity === 'error') ? problems : [...problems, ...claimData(b, ctx)];
}

export function scrubPasses(problems: ScrubProblem[]): boolean {
  return !problems.some((p) => p.severity === 'error');
}
