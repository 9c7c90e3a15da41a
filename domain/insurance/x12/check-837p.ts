/**
 * An independent structural check of an 837P 005010X222A1 interchange (issue 16), written from the
 * implementation guide rather than from the generator: the ISA's fixed widths, envelope identifiers
 * and counts, control numbers that match, the HL parent chain, loop and segment order (a grammar over
 * segment tags), element lengths and the basic character set, and the cross-element rules a payer's
 * front end rejects on (claim total = sum of lines, pointers that name diagnoses, REF*F8 on
 * corrections, DMG only for the patient). Returns every problem found; [] means the file passes.
 */
import { isValidNpi } from '../../npi.ts';
import { cents, comp, el, parseX12, type ParsedSegment, type Separators } from './segments.ts';

const ISA_WIDTHS = [3, 2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1];

/** Tag of a segment for the grammar: id plus its qualifier where the guide keys loops on one. */
function tag(s: ParsedSegment): string {
  if (s.id === 'HL') return `HL.${el(s, 3)}`;
  if (['NM1', 'REF', 'DTP', 'PRV'].includes(s.id)) return `${s.id}.${el(s, 1)}`;
  return s.id;
}

const LOOP_2300 = 'CLM (DTP\\.\\w+ )*(REF\\.(G1|F8|9F|EA|D9) )*(NTE )?HI (HI )*(NM1\\.DN )?(NM1\\.82 (PRV\\.PE )?)?(NM1\\.77 N3 N4 )?(NM1\\.DQ )?';
const LOOP_2400 = 'LX SV1 DTP\\.472 (REF\\.(G1|6R) )*(NTE )?';
const CLAIMS = `(${LOOP_2300}(${LOOP_2400})+)`;
const GRAMMAR = new RegExp(
  '^ST BHT NM1\\.41 PER (PER )?NM1\\.40 ' +
    'HL\\.20 (PRV\\.BI )?NM1\\.85 N3 N4 REF\\.(EI|SY) (PER )?' +
    `(HL\\.22 SBR NM1\\.IL (N3 N4 )?(DMG )?NM1\\.PR (N3 N4 )?(REF\\.\\w+ )*${CLAIMS}*(HL\\.23 PAT NM1\\.QC N3 N4 DMG ${CLAIMS}+)*)+` +
    'SE $',
);

/** [min, max] length of element n (1-based) per segment tag; absent = not checked beyond the char set. */
const LENGTHS: Record<string, Array<[number, number] | null>> = {
  BHT: [[4, 4], [2, 2], [1, 50], [8, 8], [4, 8], [2, 2]],
  'NM1.41': [[2, 3], [1, 1], [1, 60], null, null, null, null, [1, 2], [2, 80]],
  'NM1.40': [[2, 3], [1, 1], [1, 60], null, null, null, null, [1, 2], [2, 80]],
  PER: [[2, 2], [1, 60], [2, 2], [1, 256], [2, 2], [1, 256], [2, 2], [1, 256]],
  'NM1.85': [[2, 3], [1, 1], [1, 60], [1, 35], [1, 25], null, [1, 10], [2, 2], [10, 10]],
  'NM1.IL': [[2, 3], [1, 1], [1, 60], [1, 35], [1, 25], null, [1, 10], [2, 2], [2, 80]],
  'NM1.PR': [[2, 3], [1, 1], [1, 60], null, null, null, null, [2, 2], [2, 80]],
  'NM1.QC': [[2, 3], [1, 1], [1, 60], [1, 35], [1, 25], null, [1, 10]],
  'NM1.82': [[2, 3], [1, 1], [1, 60], [1, 35], [1, 25], null, [1, 10], [2, 2], [10, 10]],
  'NM1.DQ': [[2, 3], [1, 1], [1, 60], [1, 35], [1, 25], null, [1, 10], [2, 2], [10, 10]],
  'NM1.77': [[2, 3], [1, 1], [1, 60], null, null, null, null, [2, 2], [10, 10]],
  N3: [[1, 55], [1, 55]],
  N4: [[2, 30], [2, 2], [3, 15]],
  REF: [[2, 3], [1, 50]],
  PRV: [[1, 3], [2, 3], [1, 50]],
  SBR: [[1, 1], [2, 2], [1, 50], [1, 60], [1, 3], null, null, null, [1, 2]],
  DMG: [[2, 3], [1, 35], [1, 1]],
  PAT: [[2, 2]],
  CLM: [[1, 38], [1, 18], null, null, null, [1, 1], [1, 1], [1, 1], [1, 1]],
  LX: [[1, 6]],
  SV1: [null, [1, 18], [2, 2], [1, 15], [1, 2]],
  DTP: [[3, 3], [2, 3], [1, 35]],
  HL: [[1, 12], [1, 12], [1, 2], [1, 1]],
};

/** The X12 basic character set, less the separators this file uses (checked per component). */
const BASIC = /^[A-Z0-9 !"&'()+,\-./;?=]*$/;
const PATIENT_RELATIONSHIPS = ['01', '19', '20', '21', '39', '40', '53', 'G8'];
const FILING_CODES = ['11', '12', '13', '14', '15', '16', '17', 'AM', 'BL', 'CH', 'CI', 'DS', 'FI', 'HM', 'LM', 'MA', 'MB', 'MC', 'OF', 'TV', 'VA', 'WC', 'ZZ', '09', '10'];

export function check837P(raw: string): string[] {
  const problems: string[] = [];
  let parsed: { separators: Separators; segments: ParsedSegment[] };
  try {
    parsed = parseX12(raw);
  } catch (e) {
    return [(e as Error).message];
  }
  const { separators: seps, segments } = parsed;
  const isaText = raw.slice(raw.indexOf('ISA'), raw.indexOf('ISA') + 106);
  const isa = segments[0];
  if (isaText.length !== 106 || isaText[105] !== seps.segment) problems.push('ISA is not 106 characters');
  if (isa.elements.length !== 17) problems.push(`ISA has ${isa.elements.length - 1} elements, not 16`);
  isa.elements.forEach((e, i) => {
    if (i > 0 && ISA_WIDTHS[i] !== undefined && e.length !== ISA_WIDTHS[i]) problems.push(`ISA${String(i).padStart(2, '0')} is ${e.length} wide, not ${ISA_WIDTHS[i]}`);
  });
  if (el(isa, 12) !== '00501') problems.push('ISA12 is not 00501');
  if (!/^\d{9}$/.test(el(isa, 13))) problems.push('ISA13 is not 9 digits');
  if (!['P', 'T'].includes(el(isa, 15))) problems.push('ISA15 is not P or T');
  if (/[A-Za-z0-9 ]/.test(seps.component) || seps.component === seps.element) problems.push('ISA16 is not a usable component separator');
  const ids = segments.map((s) => s.id);
  const gs = segments[1];
  const ge = segments[segments.length - 2];
  const iea = segments[segments.length - 1];
  if (gs?.id !== 'GS' || ge?.id !== 'GE' || iea?.id !== 'IEA') return [...problems, 'envelope is not ISA GS … GE IEA'];
  if (el(gs, 1) !== 'HC') problems.push('GS01 is not HC');
  if (el(gs, 8) !== '005010X222A1') problems.push('GS08 is not 005010X222A1');
  if (!/^\d{8}$/.test(el(gs, 4)) || !/^\d{4}$/.test(el(gs, 5))) problems.push('GS04/GS05 are not CCYYMMDD/HHMM');
  if (el(iea, 2) !== el(isa, 13)) problems.push('IEA02 does not match ISA13');
  if (el(iea, 1) !== '1') problems.push('IEA01 does not count one functional group');
  if (el(ge, 2) !== el(gs, 6)) problems.push('GE02 does not match GS06');
  if (!/^\d{1,9}$/.test(el(gs, 6))) problems.push('GS06 is not 1-9 digits');
  const sets: ParsedSegment[][] = [];
  segments.slice(2, -2).forEach((s) => {
    if (s.id === 'ST') sets.push([]);
    sets[sets.length - 1]?.push(s);
  });
  if (String(sets.length) !== el(ge, 1)) problems.push(`GE01 says ${el(ge, 1)} transaction sets, the group holds ${sets.length}`);
  if (ids.indexOf('ST') !== 2) problems.push('the group does not start with ST');
  const stIds = new Set<string>();
  for (const set of sets) problems.push(...checkSet(set, seps, el(gs, 8), stIds));
  return problems;
}

function checkSet(set: ParsedSegment[], seps: Separators, version: string, stIds: Set<string>): string[] {
  const problems: string[] = [];
  const st = set[0];
  const se = set[set.length - 1];
  if (el(st, 1) !== '837') problems.push('ST01 is not 837');
  if (el(st, 3) !== version) problems.push('ST03 does not match GS08');
  if (!/^\d{4,9}$/.test(el(st, 2))) problems.push('ST02 is not 4-9 digits');
  if (stIds.has(el(st, 2))) problems.push(`ST02 ${el(st, 2)} repeats in the group`);
  stIds.add(el(st, 2));
  if (se.id !== 'SE') return [...problems, 'transaction set does not end with SE'];
  if (el(se, 1) !== String(set.length)) problems.push(`SE01 says ${el(se, 1)} segments, the set holds ${set.length}`);
  if (el(se, 2) !== el(st, 2)) problems.push('SE02 does not match ST02');
  const bht = set[1];
  if (el(bht, 1) !== '0019' || el(bht, 2) !== '00' || el(bht, 6) !== 'CH') problems.push('BHT is not 0019/00/…/CH');
  const tags = set.map(tag);
  if (!GRAMMAR.test(tags.join(' ') + ' ')) problems.push(`segments are not in 837P loop order: ${tags.join(' ')}`);
  problems.push(...checkElements(set, seps), ...checkHierarchy(set), ...checkClaims(set, seps));
  return problems;
}

function checkElements(set: ParsedSegment[], seps: Separators): string[] {
  const problems: string[] = [];
  set.forEach((s, i) => {
    const t = tag(s);
    const lengths = LENGTHS[t] ?? LENGTHS[s.id];
    s.elements.slice(1).forEach((e, k) => {
      const where = `${t} (segment ${i + 1}) element ${k + 1}`;
      if (!BASIC.test(e.split(seps.component).join(''))) problems.push(`${where} has characters outside the character set`);
      const range = lengths?.[k];
      if (range && e !== '' && (e.length < range[0] || e.length > range[1])) problems.push(`${where} is ${e.length} long, allowed ${range[0]}-${range[1]}`);
    });
    if (s.elements[s.elements.length - 1] === '' && s.elements.length > 1) problems.push(`${t} (segment ${i + 1}) ends with an empty element`);
  });
  return problems;
}

function checkHierarchy(set: ParsedSegment[]): string[] {
  const problems: string[] = [];
  const hls = set.filter((s) => s.id === 'HL');
  const level = new Map<string, string>();
  const children = new Map<string, number>();
  hls.forEach((hl, i) => {
    const [n, parent, code, child] = [el(hl, 1), el(hl, 2), el(hl, 3), el(hl, 4)];
    if (n !== String(i + 1)) problems.push(`HL01 ${n} is out of sequence (expected ${i + 1})`);
    const expectedParent = { '20': undefined, '22': '20', '23': '22' }[code];
    if (!['20', '22', '23'].includes(code)) problems.push(`HL ${n}: level code ${code} is not 20, 22 or 23`);
    else if (expectedParent === undefined ? parent !== '' : level.get(parent) !== expectedParent) problems.push(`HL ${n} (${code}) has parent ${parent || 'none'}`);
    if (!['0', '1'].includes(child)) problems.push(`HL ${n}: HL04 is not 0 or 1`);
    level.set(n, code);
    if (parent) children.set(parent, (children.get(parent) ?? 0) + 1);
  });
  hls.forEach((hl) => {
    const has = (children.get(el(hl, 1)) ?? 0) > 0 ? '1' : '0';
    if (el(hl, 4) !== has) problems.push(`HL ${el(hl, 1)}: HL04 is ${el(hl, 4)} but it has ${has === '1' ? 'children' : 'no children'}`);
  });
  return problems;
}

function checkClaims(set: ParsedSegment[], seps: Separators): string[] {
  const problems: string[] = [];
  let current = '';
  let subscriberIsPatient = false;
  let claim: { clm: ParsedSegment; diagnoses: number; lines: number; f8: boolean } | undefined;
  const closeClaim = () => {
    if (!claim) return;
    const freq = comp(claim.clm, 5, 3, seps);
    if (['7', '8'].includes(freq) !== claim.f8) problems.push(`claim ${el(claim.clm, 1)}: REF*F8 ${claim.f8 ? 'on' : 'missing from'} a frequency ${freq} claim`);
    if (cents(el(claim.clm, 2)) !== claim.lines) problems.push(`claim ${el(claim.clm, 1)}: CLM02 is not the sum of its lines`);
    claim = undefined;
  };
  for (const s of set) {
    const t = tag(s);
    if (s.id === 'HL' || s.id === 'SE') closeClaim();
    if (t === 'HL.22') current = '2000B';
    if (t === 'HL.23') current = '2000C';
    if (t === 'NM1.85' && (el(s, 8) !== 'XX' || !isValidNpi(el(s, 9)))) problems.push('2010AA NM1*85 does not carry a valid NPI (XX)');
    if (t === 'NM1.82' && (el(s, 8) !== 'XX' || !isValidNpi(el(s, 9)))) problems.push('2310B NM1*82 does not carry a valid NPI (XX)');
    if (t === 'NM1.85') current = '2010AA';
    if (t === 'NM1.77') current = '2310C';
    if (t === 'NM1.IL') current = '2010BA';
    if (t === 'NM1.PR') current = '2010BB';
    if (t === 'NM1.PR' && (el(s, 2) !== '2' || el(s, 8) !== 'PI')) problems.push('2010BB is not NM1*PR*2 … PI');
    if (t === 'NM1.QC' && s.elements.length > 8) problems.push('2010CA NM1*QC carries NM108/NM109, which the guide does not use');
    if (s.id === 'N4' && (current === '2010AA' || current === '2310C') && !/^\d{9}$/.test(el(s, 3))) problems.push(`${current} N4 ZIP is not 9 digits`);
    if (t === 'REF.EI' && !/^\d{9}$/.test(el(s, 2))) problems.push('REF*EI is not a 9-digit tax id');
    if (s.id === 'SBR') {
      subscriberIsPatient = el(s, 2) === '18';
      if (!FILING_CODES.includes(el(s, 9))) problems.push(`SBR09 ${el(s, 9)} is not a claim filing indicator`);
      if (!['P', 'S', 'T'].includes(el(s, 1))) problems.push('SBR01 is not P, S or T');
    }
    if (s.id === 'DMG' && current === '2010BA' && !subscriberIsPatient) problems.push('2010BA DMG sent although the subscriber is not the patient');
    if (s.id === 'DMG' && (el(s, 1) !== 'D8' || !/^\d{8}$/.test(el(s, 2)) || !['F', 'M', 'U'].includes(el(s, 3)))) problems.push('DMG is not D8*CCYYMMDD*F|M|U');
    if (s.id === 'PAT' && (!PATIENT_RELATIONSHIPS.includes(el(s, 1)) || subscriberIsPatient)) problems.push('PAT relationship is wrong for a dependent');
    if (s.id === 'CLM') {
      claim = { clm: s, diagnoses: 0, lines: 0, f8: false };
      if (!/^\d{2}$/.test(comp(s, 5, 1, seps)) || comp(s, 5, 2, seps) !== 'B' || !['1', '7', '8'].includes(comp(s, 5, 3, seps))) problems.push(`claim ${el(s, 1)}: CLM05 is not POS:B:frequency`);
    }
    if (t === 'REF.F8' && claim) claim.f8 = true;
    if (s.id === 'HI' && claim) {
      s.elements.slice(1).forEach((e, k) => {
        const qualifier = e.split(seps.component)[0];
        if (qualifier !== (claim!.diagnoses === 0 && k === 0 ? 'ABK' : 'ABF')) problems.push(`claim ${el(claim!.clm, 1)}: HI qualifier ${qualifier} out of place`);
      });
      claim.diagnoses += s.elements.length - 1;
    }
    if (s.id === 'SV1' && claim) {
      const composite = el(s, 1).split(seps.component);
      if (composite[0] !== 'HC' || composite.length > 6) problems.push('SV101 is not HC:code[:modifiers ≤ 4]');
      if (composite.slice(2).some((m) => m.length !== 2)) problems.push('SV101 modifier is not 2 characters');
      if (el(s, 3) !== 'UN') problems.push('SV103 is not UN');
      if (el(s, 5) !== '' && el(s, 5) === comp(claim.clm, 5, 1, seps)) problems.push('SV105 repeats the claim place of service');
      const pointers = el(s, 7).split(seps.component);
      if (pointers.length < 1 || pointers.length > 4 || pointers.some((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > claim!.diagnoses)) {
        problems.push(`claim ${el(claim.clm, 1)}: SV107 pointers ${el(s, 7)} do not name diagnoses`);
      }
      claim.lines += cents(el(s, 2));
    }
    if (t === 'DTP.472' && (el(s, 2) !== 'D8' || !/^\d{8}$/.test(el(s, 3)))) problems.push('DTP*472 is not D8*CCYYMMDD');
  }
  return problems;
}
