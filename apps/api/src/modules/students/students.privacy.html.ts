import {
  currentLanguage,
  formatDateDMY,
  formatDateTimeDMY,
  formatRupees,
  formatWindow,
  type StudentExport,
  privacyMessages,
} from '@app/shared';

/**
 * The readable copy of a student's data (issue 19, `GET /user/{id}/export?format=html`): one
 * self-contained HTML page with the same sections as the JSON file, light and printable.
 * Nothing loads from anywhere and nothing runs (a CSP meta tag says so even when the file is
 * opened from disk); every value is escaped. Dates and times are in the library's time zone.
 */

const m = privacyMessages.exportData;
const f = m.fields;

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 16px; background: #fff; color: #1a1a1a;
  font-family: 'Noto Sans', 'Noto Sans Devanagari', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; line-height: 1.45; }
main { max-width: 960px; margin: 0 auto; }
header { border-bottom: 2px solid #1a1a1a; padding-bottom: 8px; margin-bottom: 16px; }
h1 { font-size: 1.5em; margin: 0 0 4px; overflow-wrap: anywhere; }
header p { margin: 0; color: #444; }
h2 { font-size: 1.15em; margin: 24px 0 8px; border-bottom: 1px solid #c8c8c8; padding-bottom: 4px; }
dl { display: grid; grid-template-columns: minmax(140px, 30%) 1fr; gap: 4px 16px; margin: 0; }
dt { color: #444; }
dd { margin: 0; overflow-wrap: anywhere; font-weight: 500; }
h3 { font-size: 1em; margin: 12px 0 4px; }
.notice { white-space: pre-wrap; margin: 0; padding: 8px 12px; border-left: 3px solid #c8c8c8; background: #f6f6f6; }
table { width: 100%; border-collapse: collapse; font-size: 0.95em; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #dedede; vertical-align: top; overflow-wrap: break-word; }
th { background: #f0f0f0; font-weight: 600; white-space: nowrap; }
.table { overflow-x: auto; }
td.number, th.number { text-align: right; white-space: nowrap; }
.none { color: #444; margin: 0; }
@media (max-width: 480px) { body { font-size: 14px; } dl { grid-template-columns: 1fr; gap: 0 0; } dd { margin-bottom: 6px; } th, td { padding: 4px 6px; } }
@page { size: A4; margin: 14mm; }
@media print { body { padding: 0; } h2 { break-after: avoid; } tr { break-inside: avoid; } }`;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

const text = escapeHtml;

function definitionList(rows: Array<[string, string]>): string {
  return `<dl>${rows.map(([label, value]) => `<dt>${text(label)}</dt><dd>${text(value)}</dd>`).join('')}</dl>`;
}

/** A table, or the "None" line when there are no rows; `numeric` columns are right-aligned. */
function table(headings: string[], rows: string[][], numeric: number[] = []): string {
  if (rows.length === 0) return `<p class="none">${text(m.none)}</p>`;
  const cell = (tag: 'th' | 'td', value: string, column: number) =>
    `<${tag}${numeric.includes(column) ? ' class="number"' : ''}${tag === 'th' ? ' scope="col"' : ''}>${text(value)}</${tag}>`;
  // On a phone a wide table scrolls inside its box rather than breaking words ("Mo de") or the page.
  return `<div class="table"><table><thead><tr>${headings.map((heading, column) => cell('th', heading, column)).join('')}</tr></thead>
<tbody>${rows.map((row) => `<tr>${row.map((value, column) => cell('td', value, column)).join('')}</tr>`).join('\n')}</tbody></table></div>`;
}

function section(id: string, heading: string, body: string): string {
  return `<section aria-labelledby="${id}"><h2 id="${id}">${text(heading)}</h2>\n${body}\n</section>`;
}

/** The page: the student's data as `data` holds it, dates and times in `timeZone`. */
export function renderStudentExportPage(data: StudentExport, timeZone: string): string {
  const { profile, consent } = data;
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const when = (timestamp: string) => formatDateTimeDMY(timestamp, timeZone);
  const documents = profile.documents_erased_at
    ? f.documentsErased(when(profile.documents_erased_at).slice(0, 10))
    : f.documentsHeld;

  const profileRows: Array<[string, string]> = [
    [f.name, name],
    [f.mobile, profile.mobile],
    [f.email, profile.email],
    [f.dob, formatDateDMY(profile.dob)],
    [f.aadhaar, profile.aadhaar_number ?? m.erased],
    [f.kyc, m.kyc[profile.kyc_status] ?? profile.kyc_status],
    [f.status, privacyMessages.leave.statusLabel[profile.status] ?? profile.status],
    [f.joined, when(profile.created_at)],
    ...(profile.left_at ? [[f.leftOn, when(profile.left_at)] as [string, string]] : []),
    [f.documents, documents],
  ];

  const consentBody = consent
    ? `${definitionList([
        [f.consentAt, when(consent.at)],
        [f.consentBy, consent.given_by === 'guardian' ? m.guardian : m.student],
        [f.consentRecordedBy, consent.recorded_by_name ?? privacyMessages.consent.unknownStaff],
      ])}
<h3>${text(f.consentNotice)}</h3>
<p class="notice">${text(consent.notice)}</p>`
    : `<p class="none">${text(m.noConsent)}</p>`;

  const subscriptions = table(
    [f.seat, f.window, f.from, f.to, f.price],
    data.subscriptions.map((row) => [
      row.seat === null ? m.anySeat : row.seat,
      formatWindow(row.start_time, row.end_time),
      formatDateDMY(row.start_date),
      formatDateDMY(row.end_date),
      formatRupees(row.price),
    ]),
    [4],
  );
  const payments = table(
    [f.date, f.amount, f.mode, f.receipt, f.voided],
    data.payments.map((row) => [
      formatDateDMY(row.date),
      formatRupees(row.amount),
      row.mode,
      row.receipt_no ?? '',
      row.voided ? m.yes : '',
    ]),
    [1],
  );
  const attendance = table(
    [f.checkIn, f.checkOut],
    data.attendance.map((row) => [
      when(row.checked_in_at),
      row.checked_out_at ? when(row.checked_out_at) : m.notCheckedOut,
    ]),
  );
  const notifications = table(
    [f.sentAt, f.title, f.message],
    data.notifications.map((row) => [when(row.sent_at), row.title, row.message]),
  );

  const title = m.title(name);
  return `<!doctype html>
<html lang="${currentLanguage()}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${text(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${text(title)}</h1>
<p>${text(m.generated(when(data.exported_at), data.library.name))}</p>
<p>${text(m.printHint)}</p>
</header>
${section('profile', m.sections.profile, definitionList(profileRows))}
${section('consent', m.sections.consent, consentBody)}
${section('subscriptions', m.sections.subscriptions, subscriptions)}
${section('payments', m.sections.payments, payments)}
${section('attendance', m.sections.attendance, attendance)}
${section('notifications', m.sections.notifications, notifications)}
</main>
</body>
</html>
`;
}
