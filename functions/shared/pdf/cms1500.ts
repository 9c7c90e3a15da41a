/**
 * CMS-1500 (02/12) claim as a PDF for paper payers (issue 16): the claim's data only, printed onto
 * the red pre-printed form (OCR scanners read black text on the red "drop-out" form; a blank-paper
 * copy with the form drawn would not be scanned).
 *
 * Field positions: the NUCC form is laid out on a 10 characters-per-inch, 6 lines-per-inch grid
 * (85 columns × 66 lines on US Letter). Every field below is placed at (line, column) of that grid —
 * the positions printing software has used for the 02/12 form for years (e.g. OpenEMR's
 * Hcfa1500 02/12 layout) — in Courier 12 pt, whose advance is exactly 1/10 inch. Line n's baseline
 * is n/6 inch from the top edge less 3 pt; column c starts (c − 1)/10 inch from the left edge. A
 * printer that feeds the form off by a little is corrected with `offset` (points, +x right, +y up).
 *
 * Six service lines fit a form; a longer claim continues on further pages, each with its own total
 * (box 28), as the NUCC instructions ask. Box 32 (service facility) is printed when the claim names
 * one (the 837P's 2310C), else left empty (billed from the practice's address, or telehealth).
 */
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { BillingProvider, ClaimBundle, PersonName } from '../../../domain/insurance/x12/claim-input.ts';

export interface GridText {
  line: number;
  col: number;
  text: string;
  /** The NUCC box the text belongs to (documentation and tests). */
  box: string;
}

export interface Cms1500Options {
  /** Box 31 date (YYYY-MM-DD): the day the claim is printed for signature on file. */
  signedOn: string;
  /** Box 33 phone (10 digits). */
  billingPhone?: string;
  /** Printer calibration, in points. */
  offset?: { x: number; y: number };
}

export const LINES_PER_FORM = 6;
const PT_PER_COL = 7.2;
const PT_PER_LINE = 12;
const PAGE = { width: 612, height: 792 };

function clean(value: string, width: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, width);
}

function name(n: PersonName): string {
  return [n.last, n.first, n.middle?.slice(0, 1)].filter(Boolean).join(', ');
}

/** YYYY-MM-DD → [MM, DD, YYYY]. */
function mdy(date: string): [string, string, string] {
  return [date.slice(5, 7), date.slice(8, 10), date.slice(0, 4)];
}

/** Cents as the form's money columns want them: dollars right-aligned, a space for the point, cents. */
export function formMoney(cents: number, width = 8): string {
  const dollars = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${dollars} ${rest}`.padStart(width, ' ');
}

/** Box 1 column by claim filing indicator (SBR09). */
function box1Column(filing: string): number {
  if (filing === 'MB') return 1; // Medicare
  if (filing === 'MC') return 8; // Medicaid
  if (filing === 'CH') return 15; // TRICARE
  if (filing === 'VA') return 24; // CHAMPVA
  if (['CI', 'BL', 'HM', '12', '13', '14', '15', '17', 'FI'].includes(filing)) return 31; // group health plan
  return 45; // other
}

/** The text of each form (page) for a claim, at its grid positions. */
export function cms1500Pages(billing: BillingProvider, bundle: ClaimBundle, options: Cms1500Options): GridText[][] {
  const { subscriber, patient, payer, claim, rendering, supervising } = bundle;
  const who = patient ?? { name: subscriber.name, dateOfBirth: subscriber.dateOfBirth, gender: subscriber.gender, address: subscriber.address };
  const relationship = patient ? patient.relationship : '18';
  const at = (line: number, col: number, width: number, text: string, box: string): GridText[] => {
    const t = clean(text, width);
    return t ? [{ line, col, text: t, box }] : [];
  };
  const date = (line: number, col: number, iso: string, box: string, yearWidth = 4): GridText[] => {
    const [m, d, y] = mdy(iso);
    return [...at(line, col, 2, m, box), ...at(line, col + 3, 2, d, box), ...at(line, col + 6, yearWidth, yearWidth === 2 ? y.slice(2) : y, box)];
  };
  const header: GridText[] = [
    ...at(2, 41, 31, payer.name, 'carrier'),
    ...at(8, box1Column(payer.claimFilingCode), 1, 'X', '1'),
    ...at(8, 50, 17, subscriber.memberId, '1a'),
    ...at(10, 1, 28, name(who.name), '2'),
    ...date(10, 31, who.dateOfBirth, '3'),
    ...(who.gender === 'U' ? [] : at(10, who.gender === 'M' ? 42 : 47, 1, 'X', '3')),
    ...at(10, 50, 28, name(subscriber.name), '4'),
    ...at(12, 1, 28, who.address.line1, '5'),
    ...at(12, relationship === '18' ? 33 : relationship === '01' ? 38 : relationship === '19' ? 42 : 47, 1, 'X', '6'),
    ...at(12, 50, 28, subscriber.address.line1, '7'),
    ...at(14, 1, 20, who.address.city, '5'),
    ...at(14, 26, 2, who.address.state, '5'),
    ...at(14, 50, 20, subscriber.address.city, '7'),
    ...at(14, 74, 2, subscriber.address.state, '7'),
    ...at(16, 1, 10, who.address.zip.replace(/\D/g, ''), '5'),
    ...at(16, 50, 10, subscriber.address.zip.replace(/\D/g, ''), '7'),
    ...at(18, 50, 30, subscriber.groupNumber ?? subscriber.groupName ?? '', '11'),
    ...at(20, 41, 1, 'X', '10a'),
    ...date(20, 53, subscriber.dateOfBirth, '11a'),
    ...(subscriber.gender === 'U' ? [] : at(20, subscriber.gender === 'M' ? 68 : 75, 1, 'X', '11a')),
    ...at(22, 41, 1, 'X', '10b'),
    ...at(24, 41, 1, 'X', '10c'),
    ...at(26, 57, 1, 'X', '11d'),
    ...at(29, 7, 17, 'SIGNATURE ON FILE', '12'),
    ...at(29, 55, 17, 'SIGNATURE ON FILE', '13'),
    ...(supervising ? [...at(34, 1, 3, 'DQ', '17'), ...at(34, 4, 25, name(supervising.name), '17'), ...at(34, 33, 15, supervising.npi, '17b')] : []),
    ...at(37, 42, 1, '0', '21 ICD Ind'),
    ...claim.diagnoses.slice(0, 12).flatMap((d, i) => at(38 + Math.floor(i / 4), 3 + 13 * (i % 4), 8, d.replace('.', ''), `21${'ABCDEFGHIJKL'[i]}`)),
    ...(claim.frequencyCode === '1' ? [] : [...at(38, 50, 10, claim.frequencyCode, '22'), ...at(38, 62, 15, claim.originalClaimNumber ?? '', '22')]),
    ...at(40, 50, 28, claim.priorAuthorization ?? '', '23'),
  ];
  const footer = (pageCents: number): GridText[] => {
    const phone = (options.billingPhone ?? '').replace(/\D/g, '');
    const billingName = billing.kind === 'organization' ? billing.organizationName ?? '' : name(billing.person ?? { last: '', first: '' });
    const [m, d, y] = mdy(options.signedOn);
    const facility = bundle.serviceFacility;
    return [
      ...at(56, 1, 15, billing.taxId.replace(/\D/g, ''), '25'),
      ...at(56, (billing.taxIdKind ?? 'EI') === 'SY' ? 17 : 19, 1, 'X', '25'),
      ...at(56, 23, 15, claim.patientControlNumber, '26'),
      ...at(56, claim.assignment === 'C' ? 43 : 38, 1, 'X', '27'),
      { line: 56, col: 52, text: formMoney(pageCents), box: '28' },
      ...(phone.length === 10 ? [...at(57, 66, 3, phone.slice(0, 3), '33'), ...at(57, 70, 8, `${phone.slice(3, 6)}-${phone.slice(6)}`, '33')] : []),
      ...(facility ? at(58, 23, 25, facility.name, '32') : []),
      ...at(58, 50, 25, billingName, '33'),
      ...(facility ? at(59, 23, 25, [facility.address.line1, facility.address.line2].filter(Boolean).join(' '), '32') : []),
      ...at(59, 50, 25, [billing.address.line1, billing.address.line2].filter(Boolean).join(' '), '33'),
      ...at(60, 1, 20, 'SIGNATURE ON FILE', '31'),
      ...(facility ? at(60, 23, 26, `${facility.address.city} ${facility.address.state} ${facility.address.zip.replace(/\D/g, '')}`, '32') : []),
      ...at(60, 50, 27, `${billing.address.city} ${billing.address.state} ${billing.address.zip.replace(/\D/g, '')}`, '33'),
      ...at(61, 6, 8, `${m} ${d} ${y.slice(2)}`, '31'),
      ...(facility?.npi ? at(61, 23, 10, facility.npi, '32a') : []),
      ...at(61, 50, 10, billing.npi, '33a'),
      ...at(61, 63, 2, 'ZZ', '33b'),
      ...at(61, 65, 14, billing.taxonomy, '33b'),
    ];
  };
  const pages: GridText[][] = [];
  for (let start = 0; start < claim.lines.length; start += LINES_PER_FORM) {
    const lines = claim.lines.slice(start, start + LINES_PER_FORM);
    const body = lines.flatMap((l, i) => {
      const shaded = 43 + 2 * i;
      const main = shaded + 1;
      const mods = [...(l.modifiers ?? [])];
      const tele = payer.telehealthModifier;
      const pos = l.placeOfService ?? claim.placeOfService;
      if (tele && ['02', '10'].includes(pos) && !mods.includes(tele)) mods.push(tele);
      if (payer.credentialModifiers && rendering.credentialModifier && !mods.includes(rendering.credentialModifier)) mods.push(rendering.credentialModifier);
      return [
        ...at(shaded, 65, 2, 'ZZ', '24I'),
        ...at(shaded, 68, 14, rendering.taxonomy, '24J'),
        ...date(main, 1, l.serviceDate, '24A from', 2),
        ...date(main, 10, l.serviceDate, '24A to', 2),
        ...at(main, 19, 2, pos, '24B'),
        ...at(main, 25, 6, l.procedureCode, '24D'),
        ...mods.slice(0, 4).flatMap((m, k) => at(main, 33 + 3 * k, 2, m, '24D modifier')),
        ...at(main, 45, 4, l.diagnosisPointers.map((p) => 'ABCDEFGHIJKL'[p - 1] ?? '').join(''), '24E'),
        { line: main, col: 50, text: formMoney(l.chargeCents), box: '24F' },
        ...at(main, 59, 3, String(l.units), '24G'),
        ...at(main, 68, 10, rendering.npi, '24J'),
      ];
    });
    pages.push([...header, ...body, ...footer(lines.reduce((s, l) => s + l.chargeCents, 0))]);
  }
  return pages;
}

/** The grid as text (66 lines of 85 columns): what a dot-matrix printer would have printed. */
export function gridToText(page: GridText[]): string[] {
  const rows = Array.from({ length: 66 }, () => ' '.repeat(85).split(''));
  for (const t of page) t.text.split('').forEach((ch, i) => (rows[t.line - 1][t.col - 1 + i] = ch));
  return rows.map((r) => r.join('').trimEnd());
}

export async function renderCms1500(billing: BillingProvider, bundle: ClaimBundle, options: Cms1500Options): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`CMS-1500 ${bundle.claim.patientControlNumber}`);
  doc.setSubject('Health insurance claim form (CMS-1500 02/12), data for the pre-printed form');
  doc.setProducer('Practice Portal');
  doc.setCreator('Practice Portal');
  const when = new Date(`${options.signedOn}T12:00:00Z`);
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  const font = await doc.embedFont(StandardFonts.Courier);
  const dx = options.offset?.x ?? 0;
  const dy = options.offset?.y ?? 0;
  for (const page of cms1500Pages(billing, bundle, options)) {
    const p = doc.addPage([PAGE.width, PAGE.height]);
    for (const t of page) {
      p.drawText(t.text, { x: (t.col - 1) * PT_PER_COL + dx, y: PAGE.height - t.line * PT_PER_LINE + 3 + dy, size: 12, font, color: rgb(0, 0, 0) });
    }
  }
  return doc.save();
}
