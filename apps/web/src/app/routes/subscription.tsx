import { messages } from '@app/shared';
import { RecordPaymentDialog } from '@/features/payments/components/RecordPaymentDialog';
import { SubscriptionAccountDialog } from '@/features/payments/components/SubscriptionAccountDialog';
import { SubscriptionsPage, type PaymentDialogs } from '@/features/subscriptions/components/SubscriptionsPage';

// The app composes features: the subscriptions list records payments and shows accounts with the payments feature's dialogs.
const payments: PaymentDialogs = { RecordPayment: RecordPaymentDialog, Account: SubscriptionAccountDialog };

export function SubscriptionRoute() {
  return (
    <>
      <title>{`${messages.subscriptions.heading} · ${messages.app.name}`}</title>
      <SubscriptionsPage payments={payments} />
    </>
  );
}
