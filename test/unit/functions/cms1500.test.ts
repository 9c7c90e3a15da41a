/**
 * CMS-1500 (02/12) for paper payers: each field at its documented grid position (line, column of the
 * form's 10-per-inch, 6-lines-per-inch grid), checked on the text grid and in the PDF as pdf.js reads
 * it back (x = (column − 1) × 7.2 pt, baseline 792 − line × 12 + 3 pt), six service lines a form.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { STANDARD_FONTS } from '../../support/pdf-text.ts';
import { cms1500Pages, formMoney, gridToText, renderCms1500 } from '../../../functions/shared/pdf/cms1500.ts';
import { BILLING, DEPENDENT, MULTIPLE } from '../domain/insurance/claim-fixtures.ts';

const OPTIONS = { signedOn: '2026-11-25', billingPhone: '(503) 555-0142' };

async function textItems(bytes: Uint8Array): Promise<Array<Array<{ text: string; x: number; y: number }>>> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ text: item.str, x: Math.round(item.transform[4] * 10) / 10, y: Math.round(item.transform[5] * 10) / 10 }] : [])));
  }
  await pdf.destroy();
  return pages;
}

describe('CMS-1500 (02/12)', () => {
  it('places a dependent’s claim on the form grid: patient and insured apart, relationship child, lines, totals, billing provider', () => {
    const [page] = cms1500Pages(BILLING, DEPENDENT, OPTIONS);
    const rows = gridToText(page);
    expect(rows[7]).toBe(`${' '.repeat(30)}X${' '.repeat(18)}918273645`);
    expect(rows[9]).toBe(`GARCIA, LUCIA${' '.repeat(17)}06 21 2012${' '.repeat(6)}X  GARCIA, TOMAS`);
    expect(rows[11].charAt(41)).toBe('X');
    expect(rows[37]).toBe('  F902         F4322');
    expect(rows[43]).toBe(`11 17 26 11 17 26 11    90832${' '.repeat(15)}AB      95 00 1        1987654328`);
    expect(rows[55]).toBe(`841234567         X   C26112500002   X${' '.repeat(16)}95 00`);
    expect(rows[60]).toBe(`     11 25 26${' '.repeat(36)}1234567893   ZZ261QM0801X`);
  });

  it('prints the supervisor (17 DQ), the authorization (23), every diagnosis A–L row, telehealth/credential modifiers and the service facility (32)', () => {
    const rows = gridToText(cms1500Pages(BILLING, MULTIPLE, OPTIONS)[0]);
    expect(rows[33]).toBe('DQ WHITFIELD, IRENE             1743829107');
    expect(rows[37]).toBe('  F331         F411         F4310        Z630');
    expect(rows[39].trim()).toBe('PA20261101778');
    expect(rows[47]).toContain('10    90837   GT HO       AC     180 00 1');
    expect(rows[55]).toContain('730 50');
    expect(rows.slice(57, 61).map((r) => r.slice(22, 48).trim())).toEqual(['HARBOR LIGHT COUNSELING B', '4800 SW GRIFFITH DR SUITE', 'BEAVERTON OR 970058716', '1122334455']);
  });

  it('continues a claim of more than six lines on a second form, each with its own total', () => {
    const line = MULTIPLE.claim.lines[1];
    const long = { ...MULTIPLE, claim: { ...MULTIPLE.claim, lines: Array.from({ length: 8 }, (_, i) => ({ ...line, serviceDate: `2026-11-${String(i + 2).padStart(2, '0')}` })) } };
    const pages = cms1500Pages(BILLING, long, OPTIONS);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.find((t) => t.box === '28')?.text)).toEqual([formMoney(108000), formMoney(36000)]);
    expect(gridToText(pages[1])[43]).toContain('11 08 26 11 08 26 11    90837');
  });

  it('renders the PDF with each field where the grid says, in Courier 10 pitch', async () => {
    const pages = await textItems(await renderCms1500(BILLING, DEPENDENT, OPTIONS));
    expect(pages).toHaveLength(1);
    const at = (text: string) => pages[0].find((i) => i.text === text);
    expect(at('918273645')).toEqual({ text: '918273645', x: 352.8, y: 699 }); // box 1a: line 8, column 50
    expect(at('GARCIA,')).toEqual({ text: 'GARCIA,', x: 0, y: 675 }); // box 2: line 10, column 1 (pdf.js splits words)
    expect(at('90832')).toEqual({ text: '90832', x: 172.8, y: 267 }); // box 24D: line 44, column 25
    expect(at('1234567893')).toEqual({ text: '1234567893', x: 352.8, y: 63 }); // box 33a: line 61, column 50
    const shifted = await textItems(await renderCms1500(BILLING, DEPENDENT, { ...OPTIONS, offset: { x: 3.6, y: -6 } }));
    expect(shifted[0].find((i) => i.text === '90832')).toEqual({ text: '90832', x: 176.4, y: 261 });
  });
});
