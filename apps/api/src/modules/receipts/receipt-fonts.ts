import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';

/**
 * The fonts embedded in receipt PDFs (docs/decisions.md "Receipts and tax invoices"): Noto
 * Sans for Latin text (its `latin` file, and `latin-ext` for ₹ and other signs) and Noto Sans
 * Devanagari for names written in Devanagari, regular and bold, as the @fontsource packages
 * ship them. They are npm dependencies, read from node_modules at run time like every other
 * package the server bundle leaves external, so `npm run build` needs no copy step. The WOFF
 * (not WOFF2) files: pdfkit's font engine subsets them to the glyphs used (a name in
 * Devanagari adds about 2 kB); from WOFF2 it embedded about 90 kB of the Devanagari font.
 * Each file is parsed once per process and the parsed font handed to every PDF: a font's
 * first layout reads its tables, which took half the time of a receipt when done per PDF.
 * fontkit itself is loaded with the fonts, by the first receipt PDF, not at start.
 */

const require = createRequire(import.meta.url);

export type FontFace = 'latin' | 'latinExt' | 'devanagari';
export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontFace, { package: string; file: string; subset: string }> = {
  latin: { package: '@fontsource/noto-sans', file: 'noto-sans-latin', subset: 'latin' },
  latinExt: { package: '@fontsource/noto-sans', file: 'noto-sans-latin-ext', subset: 'latin-ext' },
  devanagari: {
    package: '@fontsource/noto-sans-devanagari',
    file: 'noto-sans-devanagari-devanagari',
    subset: 'devanagari',
  },
};

/** Faces in the order a character looks for one: Latin first, so ₹ and digits stay in Noto Sans. */
export const FACE_ORDER: readonly FontFace[] = ['latin', 'latinExt', 'devanagari'];

type Range = [number, number];

/** `U+0900-097F,U+20B9` → [[0x900, 0x97f], [0x20b9, 0x20b9]] (the packages' unicode.json). */
export function parseUnicodeRanges(text: string): Range[] {
  return text.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

export interface LoadedFace {
  name: string;
  /** The parsed fonts, shared by every document (pdfkit takes a font engine's font as it is). */
  fonts: Record<FontWeight, fontkit.Font>;
  covers(codePoint: number): boolean;
}

export type ReceiptFonts = Record<FontFace, LoadedFace>;

let loading: Promise<ReceiptFonts> | undefined;

/** The receipt fonts, read once (with fontkit, loaded then). */
export function receiptFonts(): Promise<ReceiptFonts> {
  loading ??= import('fontkit').then((engine) => {
    const load = (face: FontFace): LoadedFace => {
      const { package: name, file, subset } = FILES[face];
      const unicode = JSON.parse(fs.readFileSync(require.resolve(`${name}/unicode.json`), 'utf8')) as Record<
        string,
        string
      >;
      const ranges = parseUnicodeRanges(unicode[subset] ?? '');
      const read = (weight: number) => {
        const font = engine.create(fs.readFileSync(require.resolve(`${name}/files/${file}-${weight}-normal.woff`)));
        if (!('layout' in font)) throw new Error(`${name}: expected one font, found a collection`);
        return font;
      };
      return {
        name: face,
        fonts: { regular: read(400), bold: read(700) },
        covers: (codePoint) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
      };
    };
    return { latin: load('latin'), latinExt: load('latinExt'), devanagari: load('devanagari') };
  });
  return loading;
}

/**
 * Splits text into runs of one face each: a run goes on while its face has the next character
 * (so a joiner or a vowel sign stays with its Devanagari letters, and shaping sees whole
 * words); a new run takes the first face in `FACE_ORDER` that has the character, else Latin.
 */
export function fontRuns(text: string, fonts: ReceiptFonts): Array<{ face: FontFace; text: string }> {
  const runs: Array<{ face: FontFace; text: string }> = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (last && fonts[last.face].covers(codePoint)) {
      last.text += character;
      continue;
    }
    const face = FACE_ORDER.find((candidate) => fonts[candidate].covers(codePoint)) ?? 'latin';
    if (last?.face === face) last.text += character;
    else runs.push({ face, text: character });
  }
  return runs;
}
