import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv([['a,b', 'say "hi"', 'line\nbreak', 5, null]])).toBe('"a,b","say ""hi""","line\nbreak",5,\r\n');
  });
  it('defuses spreadsheet formulas', () => {
    expect(toCsv([['=SUM(A1)', '+91', '-5+A1', '-2-3', '@x', 'plain']])).toBe(
      "'=SUM(A1),'+91,'-5+A1,'-2-3,'@x,plain\r\n",
    );
  });
  it('keeps plain negative numbers as numbers (refunds, losses), so a column of amounts sums', () => {
    expect(toCsv([['-200.00', -5, '-0.5', '-1e3', '- 5', '-.5']])).toBe("-200.00,-5,-0.5,'-1e3,'- 5,'-.5\r\n");
  });
});
