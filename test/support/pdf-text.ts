/**
 * A PDF's text as pdf.js reads it — not the code that wrote it: each page's lines, items joined by
 * their vertical position, top to bottom. The PDF tests compare these to the lines they expect.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's own standard fonts, so that text extraction needs no system font. */
export const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** The text of each page, as lines. */
export async function pdfPageLines(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const rows = new Map<number, string>();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const y = Math.round(item.transform[5]);
      rows.set(y, (rows.get(y) ?? '') + item.str);
    }
    pages.push([...rows.entries()].sort((a, b) => b[0] - a[0]).map(([, text]) => text.trim()).filter((t) => t.length > 0));
  }
  await pdf.destroy();
  return pages;
}

/** Every page's lines, one after another. */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  return (await pdfPageLines(bytes)).flat();
}
