import { messages } from '@app/shared';
import { DuesPage } from '@/features/dues/components/DuesPage';
import { RecordPaymentDialog } from '@/features/payments/components/RecordPaymentDialog';

/** Dues, with the payments feature's Record Payment dialog handed in (features do not import each other). */
export function DuesRoute() {
  return (
    <>
      <title>{`${messages.dues.title} · ${messages.app.name}`}</title>
      <DuesPage RecordPaymentDialog={RecordPaymentDialog} />
    </>
  );
}
