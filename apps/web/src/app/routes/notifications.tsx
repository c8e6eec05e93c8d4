import { coreMessages, notificationMessages } from '@app/shared';
import { NotificationsPage } from '@/features/notifications/components/NotificationsPage';

export function NotificationsRoute() {
  return (
    <>
      <title>{`${notificationMessages.history.heading} · ${coreMessages.app.name}`}</title>
      <NotificationsPage />
    </>
  );
}
