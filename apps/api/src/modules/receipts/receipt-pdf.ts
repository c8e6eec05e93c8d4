import type PDFDocument from 'pdfkit';
import type { ReceiptDocument, ReceiptPaper } from '@app/shared';
import { receiptContent, type ReceiptContent } from './receipt-content';
import { fontRuns, receiptFonts, type FontFace, type FontWeight, type ReceiptFonts } from './receipt-fonts';

/**
 * The receipt as a PDF (pdfkit), drawn from the same content as the HTML page: A5, or an
 * 80 mm roll as long as the receipt. Each text is split into runs of one font (Noto Sans for
 * Latin and ₹, Noto Sans Devanagari for Devanagari), shaped by pdfkit's font engine, and
 * the fonts are embedded as subsets of the glyphs used. pdfkit and the fonts are loaded by the
 * first receipt PDF, not at start: together about 7 MB of resident memory that a process
 * serving no PDF never needs (docs/performance.md, "Memory and start").
 */

const MM = 72 / 25.4;

interface Layout {
  width: number;
  margin: number;
  /** Body text size; headings scale from it. */
  size: number;
  /** The label column's share of the width. */
  labelShare: number;
}

const LAYOUTS: Record<ReceiptPaper, Layout> = {
  a5: { width: 148 * MM, margin: 12 * MM, size: 10, labelShare: 0.36 },
  '80mm': { width: 80 * MM, margin: 3 * MM, size: 8, labelShare: 0.4 },
};
const A5_HEIGHT = 210 * MM;

const INK = '#1a1a1a';
const MUTED = '#555555';
const LINE = '#bdbdbd';
const VOID_RED = '#c62828';

type Doc = InstanceType<typeof PDFDocument>;

interface Engine {
  PDFDocument: typeof PDFDocument;
  fonts: ReceiptFonts;
}
let loadingEngine: Promise<Engine> | undefined;
const pdfEngine = () =>
  (loadingEngine ??= Promise.all([import('pdfkit'), receiptFonts()]).then(([pdfkit, fonts]) => ({
    PDFDocument: pdfkit.default,
    fonts,
  })));

function newDocument({ PDFDocument, fonts }: Engine, paper: ReceiptPaper, height: number, title: string): Doc {
  const layout = LAYOUTS[paper];
  const doc = new PDFDocument({
    size: [layout.width, height],
    margin: layout.margin,
    autoFirstPage: true,
    info: { Title: title, Producer: 'Study Library Admin', Creator: 'Study Library Admin' },
    lang: 'en-IN',
  });
  for (const face of Object.keys(fonts) as FontFace[]) {
    for (const weight of ['regular', 'bold'] as const) {
      // pdfkit takes a parsed font as it is (its types name only files and buffers).
      doc.registerFont(`${face}-${weight}`, fonts[face].fonts[weight] as unknown as Buffer);
    }
  }
  return doc;
}

interface TextStyle {
  size: number;
  weight?: FontWeight;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** Writes `text` at (x, y) within `width`, one font per run; answers the y below it. */
function write(
  doc: Doc,
  fonts: ReceiptFonts,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  const runs = fontRuns(text, fonts);
  doc.fillColor(style.color ?? INK).fontSize(style.size);
  runs.forEach((run, index) => {
    doc.font(`${run.face}-${style.weight ?? 'regular'}`);
    const options = { width, align: style.align ?? 'left', continued: index < runs.length - 1, lineGap: 1 };
    if (index === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  return doc.y;
}

function rule(doc: Doc, layout: Layout, y: number, weight = 0.6, color = LINE): void {
  doc
    .moveTo(layout.margin, y)
    .lineTo(layout.width - layout.margin, y)
    .lineWidth(weight)
    .strokeColor(color)
    .stroke();
}

/** Draws the receipt on `doc` from its top; answers where it ended. */
function draw(doc: Doc, fonts: ReceiptFonts, content: ReceiptContent, layout: Layout): number {
  const left = layout.margin;
  const width = layout.width - 2 * layout.margin;
  const { size } = layout;
  let y = layout.margin;

  y = write(doc, fonts, content.supplier.name, left, y, width, { size: size * 1.5, weight: 'bold', align: 'center' });
  for (const line of content.supplier.lines) {
    y = write(doc, fonts, line, left, y, width, { size: size * 0.9, color: MUTED, align: 'center' });
  }
  y += size * 0.4;
  y = write(doc, fonts, content.title.toUpperCase(), left, y, width, {
    size: size * 1.2,
    weight: 'bold',
    align: 'center',
  });
  y += size * 0.3;
  rule(doc, layout, y, 1.2, INK);
  y += size * 0.5;

  if (content.void) {
    const top = y;
    const inner = width - size;
    const bottom = write(
      doc,
      fonts,
      `${content.void.mark}  ${content.void.note}`,
      left + size / 2,
      top + size / 2,
      inner,
      {
        size,
        weight: 'bold',
        color: VOID_RED,
      },
    );
    doc
      .rect(left, top, width, bottom - top + size / 2)
      .lineWidth(1.2)
      .strokeColor(VOID_RED)
      .stroke();
    y = bottom + size;
  }

  const labelWidth = width * layout.labelShare;
  const gap = size * 0.6;
  for (const section of content.sections) {
    for (const row of section.rows) {
      const rowSize = row.strong ? size * 1.3 : size;
      const labelBottom = write(doc, fonts, row.label, left, y + (row.strong ? size * 0.2 : 0), labelWidth, {
        size,
        color: MUTED,
      });
      const valueBottom = write(doc, fonts, row.value, left + labelWidth + gap, y, width - labelWidth - gap, {
        size: rowSize,
        weight: row.strong ? 'bold' : 'regular',
      });
      y = Math.max(labelBottom, valueBottom) + size * 0.15;
    }
    y += size * 0.25;
    rule(doc, layout, y);
    y += size * 0.45;
  }

  for (const note of content.notes) {
    y = write(doc, fonts, `• ${note}`, left, y, width, { size: size * 0.85, color: MUTED }) + size * 0.1;
  }
  y += size * 0.4;
  y = write(doc, fonts, content.thanks, left, y, width, { size, weight: 'bold', align: 'center' });
  return y + layout.margin;
}

/**
 * The big diagonal VOID across a void receipt's page, in one line of one font: the font of its
 * script (Noto Sans Devanagari for the Hindi mark).
 */
function voidMark(doc: Doc, fonts: ReceiptFonts, mark: string, layout: Layout, height: number): void {
  const size = layout.width / 4;
  const runs = fontRuns(mark, fonts);
  const face: FontFace = runs.length === 1 ? runs[0]!.face : 'latin';
  doc.save();
  doc.rotate(-28, { origin: [layout.width / 2, height / 2] });
  doc.fillColor(VOID_RED).fillOpacity(0.16).font(`${face}-bold`).fontSize(size);
  doc.text(mark, 0, height / 2 - size * 0.65, { width: layout.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The receipt's PDF on A5, or on an 80 mm roll cut to the receipt's length. */
export async function renderReceiptPdf(receipt: ReceiptDocument, paper: ReceiptPaper): Promise<Buffer> {
  const engine = await pdfEngine();
  const content = receiptContent(receipt);
  const layout = LAYOUTS[paper];
  let height = A5_HEIGHT;
  if (paper === '80mm') {
    // A roll has no fixed length: measure the receipt on a long page, then draw it on its own length.
    const measuring = newDocument(engine, paper, 20_000, content.documentTitle);
    height = Math.ceil(draw(measuring, engine.fonts, content, layout));
  }
  const doc = newDocument(engine, paper, height, content.documentTitle);
  if (content.void) voidMark(doc, engine.fonts, content.void.mark, layout, height);
  draw(doc, engine.fonts, content, layout);
  return finish(doc);
}
