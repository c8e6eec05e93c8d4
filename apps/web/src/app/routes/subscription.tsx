import { messages } from '@app/shared';
import { SubscriptionsPage } from '@/features/subscriptions/components/SubscriptionsPage';

export function SubscriptionRoute() {
  return (
    <>
      <title>{`${messages.subscriptions.heading} · ${messages.app.name}`}</title>
      <SubscriptionsPage />
    </>
  );
}
