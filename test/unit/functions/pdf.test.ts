/**
 * The PDF module (functions/shared/pdf): a signed consent renders to a real PDF whose text —
 * extracted by pdf.js, Mozilla's PDF reader, not by the code that wrote it — holds the title, the
 * signed version's text, the typed name, the time, the address and the version, in reading order,
 * over as many pages as the text needs.
 */
import { describe, expect, it } from 'vitest';
import { pdfPageLines as pageLines } from '../../support/pdf-text.ts';
import { renderSignedConsent, type SignedConsent } from '../../../functions/shared/pdf/signed-consent.ts';

const consent: SignedConsent = {
  practiceName: 'Owens Family Therapy',
  title: 'Consent to telehealth services',
  details: 'I agree to receive therapy by secure video.\nI understand the risks of telehealth.',
  version: 3,
  typedName: 'Ana María López',
  signedAt: '2026-11-26T02:10:00.000Z',
  ip: '203.0.113.7',
  documentId: 'doc-123',
};

describe('signed consent PDF', () => {
  it('shows the title, the exact text signed, the typed name, timestamp, IP and version, in order', async () => {
    const bytes = await renderSignedConsent(consent);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const [lines] = await pageLines(bytes);
    expect(lines).toEqual([
      'Owens Family Therapy',
      'Consent to telehealth services',
      'Document version: 3',
      'I agree to receive therapy by secure video.',
      'I understand the risks of telehealth.',
      'Electronic signature',
      'I have read this document and I agree to it.',
      'Signed by (typed name): Ana María López',
      'Agreed: Yes (checkbox ticked)',
      'Signed at (UTC): 2026-11-26T02:10:00.000Z',
      'IP address: 203.0.113.7',
      'Document: doc-123, version 3',
      'Page 1 of 1',
    ]);
  });

  it('wraps long text to the page and continues on numbered pages; nothing of the text is lost', async () => {
    const sentences = Array.from({ length: 120 }, (_, i) => `Sentence ${i + 1} of the practice policy on records, fees and cancellations.`);
    const pages = await pageLines(await renderSignedConsent({ ...consent, details: sentences.join(' ') }));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((p) => p[p.length - 1])).toEqual(pages.map((_, i) => `Page ${i + 1} of ${pages.length}`));
    const body = pages.flat().filter((l) => !l.startsWith('Page ')).join(' ');
    for (const sentence of sentences) expect(body).toContain(sentence);
    expect(pages[pages.length - 1]).toContain('Signed by (typed name): Ana María López');
  });

  it('draws a name in Chinese as written, with the font embedded as a subset; Latin-only text embeds no font', async () => {
    const latin = await renderSignedConsent(consent);
    const chinese = await renderSignedConsent({ ...consent, typedName: '李小龙 Lee', title: 'Consentimiento — 远程医疗同意书' });
    const [lines] = await pageLines(chinese);
    expect(lines).toContain('Signed by (typed name): 李小龙 Lee');
    expect(lines).toContain('Consentimiento — 远程医疗同意书');
    // Helvetica is one of PDF's standard fonts: nothing embedded. The Unicode font is 10.5 MB; the
    // subset holds only the glyphs used.
    expect(latin.byteLength).toBeLessThan(12_000);
    expect(chinese.byteLength).toBeLessThan(80_000);
  });

  it('draws a character no font of ours has (Arabic needs shaping too) as "?" instead of failing', async () => {
    const [lines] = await pageLines(await renderSignedConsent({ ...consent, typedName: 'سارة 李 Lee' }));
    expect(lines).toContain('Signed by (typed name): ???? 李 Lee');
  });
});
