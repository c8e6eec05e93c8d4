import { formatRupees, receiptMessages } from '@app/shared';

/** The payment a void or an adjustment is about, as the dialogs name it. */
export interface CorrectablePayment {
  id: string;
  /** Null for a refund, which has no receipt of its own. */
  receipt_no: string | null;
  /** Signed: a refund is below ₹0. */
  amount: number;
  student: string;
}

const r = receiptMessages;

/** The void dialog's title: the receipt it voids, or for a refund its amount. */
export const voidTitleOf = (payment: CorrectablePayment) =>
  payment.receipt_no ? r.voidTitle(payment.receipt_no) : r.voidRefundTitle(payment.amount);

/** "Asha Verma · ₹1,500.00": whose payment, and how much it was. */
export const paymentSummary = (payment: CorrectablePayment) => `${payment.student} · ${formatRupees(payment.amount)}`;
