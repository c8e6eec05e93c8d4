import { coreMessages, subscriptionMessages } from '@app/shared';
import { lazyDialog } from '@/components/lazy-dialog';
import { SubscriptionsPage, type PaymentDialogs } from '@/features/subscriptions/components/SubscriptionsPage';

// The app composes features: the subscriptions list records payments and shows accounts with the payments
// feature's dialogs, each loaded when first opened (issue 18).
const payments: PaymentDialogs = {
  RecordPayment: lazyDialog(() =>
    import('@/features/payments/components/RecordPaymentDialog').then((m) => m.RecordPaymentDialog),
  ),
  Account: lazyDialog(() =>
    import('@/features/payments/components/SubscriptionAccountDialog').then((m) => m.SubscriptionAccountDialog),
  ),
};

export function SubscriptionRoute() {
  return (
    <>
      <title>{`${subscriptionMessages.heading} · ${coreMessages.app.name}`}</title>
      <SubscriptionsPage payments={payments} />
    </>
  );
}
