import { describe, expect, it } from 'vitest';
import { areaSeatPrefix, nextSeatNames } from './seat-names';

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);

describe('nextSeatNames', () => {
  it('continues the series the seats already follow', () => {
    expect(nextSeatNames('A Block', range('A', 1, 10), 30)).toEqual(range('A', 11, 40));
  });

  it('starts from the area code when the area is empty', () => {
    expect(nextSeatNames('Hall B', [], 3)).toEqual(['B1', 'B2', 'B3']);
    expect(nextSeatNames('A Block', [], 2)).toEqual(['A1', 'A2']);
  });

  it('keeps separators and zero padding', () => {
    expect(nextSeatNames('Hall', ['H-01', 'H-02', 'H-09'], 2)).toEqual(['H-10', 'H-11']);
    expect(nextSeatNames('Hall', ['R-1', 'R-2'], 1)).toEqual(['R-3']);
  });

  it('follows the series most seats belong to', () => {
    expect(nextSeatNames('Hall B', ['W1', 'B1', 'B2', 'B3'], 2)).toEqual(['B4', 'B5']);
  });

  it('uses the area prefix when the seats have no numbers', () => {
    expect(nextSeatNames('Silent Zone', ['Window', 'Corner'], 3)).toEqual(['SZ1', 'SZ2', 'SZ3']);
  });

  it('treats names that differ only in letter case as one series', () => {
    expect(nextSeatNames('A Block', ['A1', 'A2', 'a4'], 2)).toEqual(['A5', 'A6']);
  });

  it('never repeats a name that exists', () => {
    const names = nextSeatNames('A Block', ['A1', 'A2', 'A3', 'A03x', 'A4 ', 'a5'], 3);
    expect(names).toEqual(['A6', 'A7', 'A8']);
    expect(nextSeatNames('Hall', ['H1', 'H2', 'H3', 'h0004'], 2)).toEqual(['H0005', 'H0006']);
  });

  it('answers nothing for nothing', () => {
    expect(nextSeatNames('A Block', range('A', 1, 5), 0)).toEqual([]);
  });
});

describe('areaSeatPrefix', () => {
  it.each([
    ['A Block', 'A'],
    ['Hall B', 'B'],
    ['AC Room', 'AC'],
    ['Silent Zone', 'SZ'],
    ['reading room', 'RR'],
    ['Zone 2', 'Z'],
    ['123', 'S'],
  ])('%s → %s', (area, prefix) => {
    expect(areaSeatPrefix(area)).toBe(prefix);
  });
});
