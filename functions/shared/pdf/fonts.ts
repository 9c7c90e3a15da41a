/**
 * The fonts a PDF is drawn with. Text the standard Helvetica faces can encode (WinAnsi: Latin-1 and a
 * few more) keeps them — nothing embedded, small files. A document with any other character (a
 * client's name in Chinese, a consent written in Greek) embeds Noto Sans SC instead (SIL Open Font
 * License; Latin, Greek, Cyrillic and CJK), subset to the glyphs used. Characters it has no glyph for
 * (e.g. Arabic, which would also need shaping and right-to-left layout) are drawn as "?"; the stored
 * record keeps the exact text (docs/decisions.md "PDFs: a Unicode font").
 *
 * Where the font file is: in a Lambda bundle, `fonts/` next to the bundle (lib/portal-function.ts
 * copies it for the functions that render PDFs); locally, the npm package.
 */
import fontkit from '@cantoo/fontkit';
import { PDFDocument, StandardFonts, type PDFFont } from '@cantoo/pdf-lib';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The font file's name in a Lambda bundle's `fonts/` folder, and where the npm package keeps it. */
export const UNICODE_FONT_FILE = 'NotoSansSC-Regular.ttf';
export const UNICODE_FONT_PACKAGE_PATH = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

function unicodeFontPath(): string {
  const bundled = join(dirname(fileURLToPath(import.meta.url)), 'fonts', UNICODE_FONT_FILE);
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve(UNICODE_FONT_PACKAGE_PATH);
}

interface UnicodeFont {
  bytes: Uint8Array;
  hasGlyph: (codePoint: number) => boolean;
}

let unicodeFont: Promise<UnicodeFont> | undefined;

/** Read and parsed once per process (a warm Lambda, the export worker's thousands of PDFs). */
function loadUnicodeFont(): Promise<UnicodeFont> {
  unicodeFont ??= readFile(unicodeFontPath()).then((buffer) => {
    const bytes = new Uint8Array(buffer);
    const parsed = fontkit.create(bytes);
    if ('fonts' in parsed) throw new Error('The Unicode PDF font is a collection, not one font');
    const known = new Map<number, boolean>();
    return {
      bytes,
      hasGlyph: (codePoint) => {
        let ok = known.get(codePoint);
        if (ok === undefined) known.set(codePoint, (ok = parsed.hasGlyphForCodePoint(codePoint)));
        return ok;
      },
    };
  });
  return unicodeFont;
}

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Whether the document's fonts draw this character (one code point). */
  canDraw: (ch: string) => boolean;
}

/** Per standard font, whether each non-ASCII character seen so far encodes: the fork answers "?" (hex 3F) for one it cannot, older pdf-lib throws. */
const encodable = new Map<string, Map<string, boolean>>();

function standardCanDraw(font: PDFFont, ch: string): boolean {
  const code = ch.charCodeAt(0);
  // Printable ASCII is in every standard font's WinAnsi encoding: no need to ask the font.
  if (ch.length === 1 && code >= 0x20 && code <= 0x7e) return true;
  let known = encodable.get(font.name);
  if (!known) encodable.set(font.name, (known = new Map()));
  let ok = known.get(ch);
  if (ok === undefined) {
    try {
      ok = font.encodeText(ch).toString() !== '<3F>';
    } catch {
      ok = false;
    }
    known.set(ch, ok);
  }
  return ok;
}

/** The fonts for a document whose text is `texts`: Helvetica when it draws every character, else the embedded Unicode font. */
export async function embedFonts(doc: PDFDocument, texts: string[]): Promise<PdfFonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const standard = (ch: string): boolean => ch === '\t' || ch === '\n' || (standardCanDraw(regular, ch) && standardCanDraw(bold, ch));
  if (texts.every((text) => Array.from(text).every(standard))) return { regular, bold, canDraw: standard };
  const unicode = await loadUnicodeFont();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(unicode.bytes, { subset: true });
  return { regular: font, bold: font, canDraw: (ch) => { const cp = ch.codePointAt(0) ?? 0; return cp >= 0x20 && unicode.hasGlyph(cp); } };
}
