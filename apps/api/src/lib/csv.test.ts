import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv([['a,b', 'say "hi"', 'line\nbreak', 5, null]])).toBe('"a,b","say ""hi""","line\nbreak",5,\r\n');
  });
  it('defuses spreadsheet formulas', () => {
    expect(toCsv([['=SUM(A1)', '+91', '-5', '@x', 'plain']])).toBe("'=SUM(A1),'+91,'-5,'@x,plain\r\n");
  });
});
