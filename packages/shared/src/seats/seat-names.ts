import { SEAT_LIMITS } from './seats.schema';

const NUMBERED = /^(.*?)(\d+)$/;
const MAX_PREFIX = 10;

interface Series {
  prefix: string;
  highest: number;
  /** Digits of the widest zero-padded name ("A01" → 2), 0 when none is padded. */
  padTo: number;
  names: number;
}

/** The numbered series most of the existing names follow ("A1".."A10" → prefix "A"), if any. */
function dominantSeries(existing: readonly string[]): Series | undefined {
  const byPrefix = new Map<string, Series>();
  for (const name of existing) {
    const match = NUMBERED.exec(name.trim());
    if (!match) continue;
    const [, prefix = '', digits = ''] = match;
    if (digits.length > 6) continue; // a long number is an identifier, not a seat count
    const series = byPrefix.get(prefix.toUpperCase()) ?? { prefix, highest: 0, padTo: 0, names: 0 };
    series.names += 1;
    series.highest = Math.max(series.highest, Number(digits));
    if (digits.length > 1 && digits.startsWith('0')) series.padTo = Math.max(series.padTo, digits.length);
    byPrefix.set(prefix.toUpperCase(), series);
  }
  let best: Series | undefined;
  for (const series of byPrefix.values()) {
    if (!best || series.names > best.names || (series.names === best.names && series.highest > best.highest)) {
      best = series;
    }
  }
  return best;
}

/**
 * The prefix for an area without numbered seats: a short capitalised code in its name
 * ("A Block" → "A", "Hall B" → "B", "AC Room" → "AC"), else the initials of its words
 * ("Silent Zone" → "SZ"), else "S".
 */
export function areaSeatPrefix(areaName: string): string {
  const words = areaName.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const code = words.find((word) => /^\p{Lu}{1,3}$/u.test(word));
  if (code) return code;
  const initials = words
    .filter((word) => /^\p{L}/u.test(word))
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return initials.slice(0, MAX_PREFIX) || 'S';
}

/**
 * The names "Generate seats" gives to `count` new seats of an area: they continue the
 * numbered series its seats already follow (A1..A10 → A11, A12 ...), or start one from
 * the area's prefix (Hall B → B1, B2 ...). Names already taken (in any letter case)
 * are skipped. Shared so the confirmation can show the same names the server creates.
 */
export function nextSeatNames(areaName: string, existing: readonly string[], count: number): string[] {
  const taken = new Set(existing.map((name) => name.trim().toLowerCase()));
  const series = dominantSeries(existing);
  const prefix = (series?.prefix ?? areaSeatPrefix(areaName)).slice(0, SEAT_LIMITS.nameMax - 6);
  const padTo = series?.padTo ?? 0;
  const names: string[] = [];
  for (let number = (series?.highest ?? 0) + 1; names.length < count; number += 1) {
    const name = `${prefix}${String(number).padStart(padTo, '0')}`;
    if (!taken.has(name.toLowerCase())) names.push(name);
  }
  return names;
}
