import { TOAST_MS, notificationMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useListParams } from '@/lib/use-list-params';
import { notificationsApi, useListNotificationsQuery } from '../api/notifications-api';

/** While a notification on the page is still being delivered, its counts are refreshed this often. */
const PENDING_REFRESH_MS = 3000;

/** The notification history: newest first, paged; live counts while deliveries are pending. */
export function useNotificationHistory() {
  const list = useListParams();
  const { page, limit } = list;
  const args = { page, limit };
  // The cached page decides whether to keep polling it.
  const cached = notificationsApi.endpoints.listNotifications.useQueryState(args);
  const pending = Boolean(cached.data?.notifications.some((row) => row.pending_count > 0));
  const query = useListNotificationsQuery(args, { pollingInterval: pending ? PENDING_REFRESH_MS : 0 });
  const { data, isError, error } = query;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.notifications.length);

  useFailureToast(
    isError ? errorMessage(error, notificationMessages.history.fetchFailed) : undefined,
    error,
    TOAST_MS.notifications,
  );

  return {
    query,
    notifications: data?.notifications ?? [],
    totalItems: data?.pagination.totalItems ?? 0,
    page,
    limit,
    setPage: list.setPage,
    setLimit: list.setLimit,
  };
}
