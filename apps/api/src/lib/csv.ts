/** A negative amount (`-200.00`): data a spreadsheet must sum, and nothing it could run. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * RFC 4180 CSV lines. A cell starting with =, +, - or @ is prefixed with a quote
 * mark so a spreadsheet does not run it as a formula (CSV injection); a plain negative
 * number (a refund, a loss) is left as it is, so the column still sums.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows
    .map((row) =>
      row
        .map((cell) => {
          let text = cell === null || cell === undefined ? '' : String(cell);
          if (/^[=+\-@\t\r]/.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
          return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
        })
        .join(','),
    )
    .map((line) => `${line}\r\n`)
    .join('');
}
