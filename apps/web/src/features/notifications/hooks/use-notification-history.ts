import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_PAGE_SIZE, messages, TOAST_MS } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { notificationsApi, useListNotificationsQuery } from '../api/notifications-api';

/** While a notification on the page is still being delivered, its counts are refreshed this often. */
const PENDING_REFRESH_MS = 3000;

/** The notification history: newest first, paged; live counts while deliveries are pending. */
export function useNotificationHistory() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const args = { page, limit };
  // The cached page decides whether to keep polling it.
  const cached = notificationsApi.endpoints.listNotifications.useQueryState(args);
  const pending = Boolean(cached.data?.notifications.some((row) => row.pending_count > 0));
  const query = useListNotificationsQuery(args, { pollingInterval: pending ? PENDING_REFRESH_MS : 0 });
  const { data, isError, error } = query;

  useEffect(() => {
    if (isError) {
      toast.error(errorMessage(error, messages.notification.history.fetchFailed), {
        autoClose: TOAST_MS.notifications,
      });
    }
  }, [isError, error]);

  return {
    query,
    notifications: data?.notifications ?? [],
    totalItems: data?.pagination.totalItems ?? 0,
    page,
    limit,
    setPage,
    setLimit: (next: number) => {
      setLimit(next);
      setPage(1);
    },
  };
}
