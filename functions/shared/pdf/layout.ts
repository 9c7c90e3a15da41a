/**
 * The one small PDF module (ARCHITECTURE §9: superbills, statements, CMS-1500 and signed consents
 * render here): a page flow of headings, paragraphs and label/value lines on US Letter, wrapped to
 * the margins and continued on new pages, with @cantoo/pdf-lib (the maintained fork of pdf-lib —
 * docs/decisions.md "Documents and intake forms").
 *
 * Fonts: functions/shared/pdf/fonts.ts — Helvetica when it draws every character of the document,
 * else an embedded Unicode font (subset); a character neither draws is shown as "?".
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { embedFonts, type PdfFonts } from './fonts.ts';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'rule' }
  | { kind: 'space' };

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const SIZE = { heading: 16, subheading: 12, body: 10.5 } as const;
const LEADING = 1.35;

/** The text as the fonts can draw it: characters outside them become "?". */
export function drawable(fonts: Pick<PdfFonts, 'canDraw'>, text: string): string {
  return Array.from(text)
    .map((ch) => (ch === '\t' ? '    ' : ch === '\n' || fonts.canDraw(ch) ? ch : '?'))
    .join('');
}

/** Lines of at most `width` points: words wrapped, an over-long word broken, line breaks kept. */
export function wrap(fonts: PdfFonts, font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of drawable(fonts, text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line.length === 0 ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line.length > 0) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

interface Flow {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  fonts: PdfFonts;
}

function newPage(flow: Flow): void {
  flow.page = flow.doc.addPage([PAGE.width, PAGE.height]);
  flow.y = PAGE.height - PAGE.margin;
}

function drawLines(flow: Flow, lines: string[], font: PDFFont, size: number, indent = 0): void {
  const step = size * LEADING;
  for (const line of lines) {
    if (flow.y - step < PAGE.margin) newPage(flow);
    flow.y -= step;
    flow.page.drawText(line, { x: PAGE.margin + indent, y: flow.y, size, font, color: rgb(0.1, 0.1, 0.1) });
  }
}

export interface PdfMeta {
  title: string;
  subject?: string;
  /** Fixed creation time (tests and reproducible output). */
  createdAt?: Date;
}

function blockTexts(block: Block): string[] {
  if (block.kind === 'field') return [block.label, block.value];
  return 'text' in block ? [block.text] : [];
}

/** Renders the blocks, in order, to a PDF (bytes). Pages are numbered "Page n of m" at the foot. */
export async function renderPdf(blocks: Block[], meta: PdfMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setProducer('Practice Portal');
  doc.setCreator('Practice Portal');
  if (meta.createdAt) {
    doc.setCreationDate(meta.createdAt);
    doc.setModificationDate(meta.createdAt);
  }
  const fonts = await embedFonts(doc, blocks.flatMap(blockTexts));
  const { regular, bold } = fonts;
  const flow: Flow = { doc, page: doc.addPage([PAGE.width, PAGE.height]), y: PAGE.height - PAGE.margin, fonts };
  const width = PAGE.width - 2 * PAGE.margin;
  for (const block of blocks) {
    if (block.kind === 'heading') drawLines(flow, wrap(fonts, bold, SIZE.heading, block.text, width), bold, SIZE.heading);
    else if (block.kind === 'subheading') drawLines(flow, wrap(fonts, bold, SIZE.subheading, block.text, width), bold, SIZE.subheading);
    else if (block.kind === 'paragraph') drawLines(flow, wrap(fonts, regular, SIZE.body, block.text, width), regular, SIZE.body);
    else if (block.kind === 'field') {
      const label = `${drawable(fonts, block.label)}: `;
      const labelWidth = bold.widthOfTextAtSize(label, SIZE.body);
      const lines = wrap(fonts, regular, SIZE.body, block.value, width - labelWidth);
      if (flow.y - SIZE.body * LEADING < PAGE.margin) newPage(flow);
      flow.page.drawText(label, { x: PAGE.margin, y: flow.y - SIZE.body * LEADING, size: SIZE.body, font: bold });
      drawLines(flow, lines, regular, SIZE.body, labelWidth);
    } else if (block.kind === 'rule') {
      if (flow.y - 12 < PAGE.margin) newPage(flow);
      flow.y -= 8;
      flow.page.drawLine({ start: { x: PAGE.margin, y: flow.y }, end: { x: PAGE.width - PAGE.margin, y: flow.y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
      flow.y -= 4;
    } else flow.y -= SIZE.body;
  }
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(`Page ${i + 1} of ${pages.length}`, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return doc.save();
}
