import { lazyDialog } from '@/components/lazy-dialog';
import { ReceiptPage, type ReceiptCorrections } from '@/features/receipts/components/ReceiptPage';

// The app composes features: a receipt is voided and adjusted with the payments feature's dialogs,
// each loaded when first opened (issue 18).
const corrections: ReceiptCorrections = {
  VoidDialog: lazyDialog(() =>
    import('@/features/payments/components/VoidPaymentDialog').then((m) => m.VoidPaymentDialog),
  ),
  AdjustDialog: lazyDialog(() =>
    import('@/features/payments/components/AdjustPaymentDialog').then((m) => m.AdjustPaymentDialog),
  ),
};

/** A payment's receipt (issue 14); the page names itself after the receipt once it has loaded. */
export function ReceiptRoute() {
  return <ReceiptPage corrections={corrections} />;
}
