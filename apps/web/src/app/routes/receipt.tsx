import { AdjustPaymentDialog } from '@/features/payments/components/AdjustPaymentDialog';
import { VoidPaymentDialog } from '@/features/payments/components/VoidPaymentDialog';
import { ReceiptPage, type ReceiptCorrections } from '@/features/receipts/components/ReceiptPage';

// The app composes features: a receipt is voided and adjusted with the payments feature's dialogs.
const corrections: ReceiptCorrections = { VoidDialog: VoidPaymentDialog, AdjustDialog: AdjustPaymentDialog };

/** A payment's receipt (issue 14); the page names itself after the receipt once it has loaded. */
export function ReceiptRoute() {
  return <ReceiptPage corrections={corrections} />;
}
