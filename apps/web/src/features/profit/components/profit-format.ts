import { formatRupees, profitMessages } from '@app/shared';

/** A month's result as the owner reads it: ₹4,500.00, or "Loss ₹1,200.00" below zero. */
export function profitText(profit: number): string {
  return profit < 0 ? profitMessages.loss(profit) : formatRupees(profit);
}

/** The colour of a result: a loss in the error colour. */
export const profitColor = (profit: number) => (profit < 0 ? 'error.main' : undefined);
