import { paymentMessages } from '@app/shared';

/**
 * A payment mode's name in the page's language: the stored value (SPEC.md §3's `Cash`, `Bank
 * Transfer`) is the English name, so English shows it as it is.
 */
export function paymentModeName(mode: string): string {
  return (paymentMessages.modes as Readonly<Record<string, string | undefined>>)[mode] ?? mode;
}
