import { currentLanguage, messages, type ReceiptDocument, type ReceiptPaper } from '@app/shared';
import { receiptContent, type ReceiptRowText } from './receipt-content';

/**
 * The receipt as an HTML page, rendered on the server once for both places it is read: the
 * printable page the web app shows in a frame and prints (A5 or an 80 mm roll), and the page
 * a shared link opens on a student's phone. No script and nothing from outside: one inline
 * stylesheet carrying the response's CSP nonce. Every value is escaped.
 */

const m = messages.receipts;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

const FONT_STACK = `'Noto Sans', 'Noto Sans Devanagari', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;

/** The page sizes and widths of each paper (print), and how each reads on a screen. */
const PAPER_CSS: Record<ReceiptPaper, string> = {
  a5: `
@page { size: A5; margin: 10mm; }
body { font-size: 14px; }
.receipt { max-width: 128mm; }
@media print { body { font-size: 10pt; } .receipt { max-width: none; padding: 0; border: 0; } }`,
  '80mm': `
@page { size: 80mm auto; margin: 3mm; }
body { font-size: 13px; }
.receipt { max-width: 74mm; }
.row { grid-template-columns: 1fr; gap: 0; }
.row dt { font-size: 0.85em; }
.void-mark { font-size: 60px; }
@media print { body { font-size: 9pt; } .receipt { max-width: none; width: 74mm; padding: 0; border: 0; } }`,
};

const BASE_CSS = `
:root { color-scheme: light; --ink: #1a1a1a; --muted: #555; --line: #d0d0d0; --paper: #fff; --void: #c62828; --link: #0b57d0; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; padding: 16px; background: var(--paper); color: var(--ink); font-family: ${FONT_STACK}; line-height: 1.4; }
.receipt { position: relative; margin: 0 auto; padding: 16px; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
header { text-align: center; border-bottom: 2px solid var(--ink); padding-bottom: 8px; margin-bottom: 8px; }
h1 { font-size: 1.35em; margin: 0 0 2px; }
header p { margin: 0; color: var(--muted); font-size: 0.92em; overflow-wrap: anywhere; }
h2 { font-size: 1.1em; margin: 8px 0 0; letter-spacing: 0.08em; text-transform: uppercase; }
section { border-bottom: 1px solid var(--line); padding: 6px 0; }
dl { margin: 0; }
.row { display: grid; grid-template-columns: 38% 1fr; gap: 8px; padding: 2px 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; font-weight: 500; }
.strong dd { font-size: 1.35em; font-weight: 700; }
.strong dt { align-self: center; }
.notes { margin: 8px 0 0; padding-left: 1.1em; color: var(--muted); font-size: 0.85em; }
.thanks { text-align: center; font-weight: 600; margin: 10px 0 0; }
.void-note { margin: 8px 0; padding: 8px; border: 2px solid var(--void); color: var(--void); font-weight: 600; border-radius: 4px; }
.void-mark { position: absolute; top: 38%; left: 50%; transform: translate(-50%, -50%) rotate(-28deg); font-size: 96px; font-weight: 800;
  letter-spacing: 0.12em; color: var(--void); opacity: 0.18; pointer-events: none; user-select: none; white-space: nowrap; }
.actions { text-align: center; margin: 16px 0 0; }
.actions a { display: inline-block; min-height: 44px; padding: 11px 20px; border-radius: 6px; background: var(--link); color: #fff;
  text-decoration: none; font-weight: 600; }
.actions a:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
@media print { body { padding: 0; } .actions { display: none; } .void-mark { opacity: 0.25; } }`;

/** A shared page follows the phone's light or dark setting (paper prints stay light). */
const SHARED_CSS = `
:root { color-scheme: light dark; }
body { padding: 12px; }
.receipt { max-width: 560px; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ececec; --muted: #b4b4b4; --line: #444; --paper: #121212; --void: #ff8a80; --link: #8ab4f8; }
  .actions a { color: #0b1b33; }
}
@media print { :root { --ink: #1a1a1a; --muted: #555; --line: #d0d0d0; --paper: #fff; --void: #c62828; } }`;

function row(item: ReceiptRowText): string {
  return `<div class="row${item.strong ? ' strong' : ''}"><dt>${escapeHtml(item.label)}</dt><dd>${escapeHtml(item.value)}</dd></div>`;
}

export interface ReceiptPageOptions {
  paper: ReceiptPaper;
  /** The CSP nonce of this response, for the one inline stylesheet. */
  nonce: string;
  /** `shared`: the public page of a link (phone first, light or dark, a Download PDF link). */
  variant: 'print' | 'shared';
  /** Where Download PDF leads (shared pages). */
  pdfHref?: string;
}

/** The receipt's HTML page. */
export function renderReceiptPage(receipt: ReceiptDocument, options: ReceiptPageOptions): string {
  const content = receiptContent(receipt);
  const shared = options.variant === 'shared';
  const title = shared ? m.share.title(content.supplier.name) : content.documentTitle;
  const sections = content.sections
    .map(
      (section) =>
        `<section aria-label="${escapeHtml(section.name)}"><dl>${section.rows.map(row).join('')}</dl></section>`,
    )
    .join('\n');
  const voidParts = content.void
    ? {
        mark: `<div class="void-mark" aria-hidden="true">${escapeHtml(content.void.mark)}</div>`,
        note: `<p class="void-note" role="note"><strong>${escapeHtml(content.void.mark)}</strong> ${escapeHtml(content.void.note)}</p>`,
      }
    : { mark: '', note: '' };
  const download =
    shared && options.pdfHref
      ? `<p class="actions"><a href="${escapeHtml(options.pdfHref)}" download>${escapeHtml(m.actions.download)}</a></p>`
      : '';
  return `<!doctype html>
<html lang="${currentLanguage()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${shared ? '<meta name="robots" content="noindex, nofollow">\n' : ''}<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(options.nonce)}">${BASE_CSS}${PAPER_CSS[options.paper]}${shared ? SHARED_CSS : ''}</style>
</head>
<body class="paper-${options.paper}">
<main class="receipt" aria-labelledby="receipt-title">
${voidParts.mark}<header>
<h1>${escapeHtml(content.supplier.name)}</h1>
${content.supplier.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<h2 id="receipt-title">${escapeHtml(content.title)}</h2>
</header>
${voidParts.note}${sections}
<ul class="notes">${content.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>
<p class="thanks">${escapeHtml(content.thanks)}</p>
${download}</main>
</body>
</html>
`;
}

/** A plain page for a shared link that opens no receipt (revoked, unknown, too many tries). */
export function renderMessagePage(page: { title: string; body: string; nonce: string }): string {
  return `<!doctype html>
<html lang="${currentLanguage()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)}</title>
<style nonce="${escapeHtml(page.nonce)}">
:root { color-scheme: light dark; }
body { margin: 0; padding: 32px 16px; font-family: ${FONT_STACK}; line-height: 1.5; background: #fff; color: #1a1a1a; }
main { max-width: 480px; margin: 0 auto; }
h1 { font-size: 1.4em; }
@media (prefers-color-scheme: dark) { body { background: #121212; color: #ececec; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.body)}</p>
</main>
</body>
</html>
`;
}
