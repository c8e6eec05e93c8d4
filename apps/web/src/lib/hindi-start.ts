import { hiIN } from '@mui/material/locale';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import { loadHindi } from '@app/shared/i18n/hindi';
import w400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import w500 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-500-normal.woff2?url';
import w600 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';
import w700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import w800 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-800-normal.woff2?url';
import { setThemeLanguage } from './language-theme';

/**
 * Everything Hindi adds to a page (issue 20), in one chunk that only a Hindi page loads
 * (lib/language-start imports it on demand): the Hindi texts, MUI's Hindi texts, dayjs's Hindi
 * month and day names for the date pickers, and the self-hosted Noto Sans Devanagari font.
 */

export const DEVANAGARI_FONT = 'Noto Sans Devanagari';

/**
 * The font's Devanagari glyphs, in the weights the theme uses (400 body, 500 MUI's medium, 600
 * buttons, 700 headings, 800 the largest). `unicode-range` keeps Latin text in the theme's own
 * fonts, and the browser downloads a weight only when Devanagari text in it is shown.
 */
const DEVANAGARI_RANGE = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF';
const WEIGHTS: ReadonlyArray<[string, string]> = [
  ['400', w400],
  ['500', w500],
  ['600', w600],
  ['700', w700],
  ['800', w800],
];

function addDevanagariFont(): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  for (const [weight, url] of WEIGHTS) {
    const face = new FontFace(DEVANAGARI_FONT, `url(${url}) format('woff2')`, {
      weight,
      style: 'normal',
      display: 'swap',
      unicodeRange: DEVANAGARI_RANGE,
    });
    document.fonts.add(face);
  }
}

export function startHindi(): void {
  loadHindi();
  dayjs.locale('hi');
  addDevanagariFont();
  setThemeLanguage({ fontFamily: `"${DEVANAGARI_FONT}"`, locale: hiIN });
}
