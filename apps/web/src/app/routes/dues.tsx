import { coreMessages, duesMessages } from '@app/shared';
import { lazyDialog } from '@/components/lazy-dialog';
import { DuesPage } from '@/features/dues/components/DuesPage';

// The payments feature's Record Payment dialog (features do not import each other), loaded when first opened (issue 18).
const RecordPaymentDialog = lazyDialog(() =>
  import('@/features/payments/components/RecordPaymentDialog').then((m) => m.RecordPaymentDialog),
);

/** Dues, with the payments feature's Record Payment dialog handed in. */
export function DuesRoute() {
  return (
    <>
      <title>{`${duesMessages.title} · ${coreMessages.app.name}`}</title>
      <DuesPage RecordPaymentDialog={RecordPaymentDialog} />
    </>
  );
}
