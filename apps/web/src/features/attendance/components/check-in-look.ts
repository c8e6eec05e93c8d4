import type { CheckOutcome } from '@app/shared';

/**
 * The answer's colours: fixed deep shades with white text, the same in light and dark, so a
 * glance across the desk reads green, blue or red (and white on each passes WCAG AA).
 */
export const OUTCOME_COLOURS: Record<CheckOutcome, string> = {
  in: '#1b5e20',
  out: '#1b5e20',
  ignored: '#0d47a1',
  denied: '#b71c1c',
};
