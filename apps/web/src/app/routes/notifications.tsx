import { messages } from '@app/shared';
import { NotificationsPage } from '@/features/notifications/components/NotificationsPage';

export function NotificationsRoute() {
  return (
    <>
      <title>{`${messages.notification.history.heading} · ${messages.app.name}`}</title>
      <NotificationsPage />
    </>
  );
}
