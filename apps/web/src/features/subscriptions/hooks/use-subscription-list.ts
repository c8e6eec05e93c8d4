import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_PAGE_SIZE, messages, TOAST_MS } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useListSubscriptionsQuery, type SubscriptionFilter, type SubscriptionSortKey } from '../api/subscriptions-api';

export const SEARCH_DELAY_MS = 300;

/**
 * The Subscription Management list: paging, sorting (plan expiry ascending by
 * default, SPEC.md §9), a server-side search over student name and mobile that
 * waits for a pause in typing, and the status filter. Any change but the page
 * goes back to page 1 (SPEC.md §4).
 */
export function useSubscriptionList() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<SubscriptionSortKey>('plan_expire_at');
  const [sortOrder, setSortOrder] = useState<'ASC' | 'DESC'>('ASC');
  const [search, setSearchText] = useState('');
  const [serverSearch, setServerSearch] = useState('');
  const [status, setStatusFilter] = useState<SubscriptionFilter | undefined>(undefined);

  useEffect(() => {
    const timer = setTimeout(() => {
      setServerSearch(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const query = useListSubscriptionsQuery({
    page,
    limit,
    sortBy,
    sortOrder,
    search: serverSearch || undefined,
    status,
  });
  const { error, isError, data } = query;

  useEffect(() => {
    if (isError) {
      toast.error(errorMessage(error, messages.subscriptions.fetchFailed), { autoClose: TOAST_MS.default });
    }
  }, [isError, error]);

  return {
    query,
    subscriptions: data?.subscription ?? [],
    totalItems: data?.pagination.totalItems ?? 0,
    page,
    limit,
    sort: { sortBy, sortOrder },
    search,
    status,
    filtered: Boolean(serverSearch) || status !== undefined,
    setPage,
    setLimit: (next: number) => {
      setLimit(next);
      setPage(1);
    },
    setSearch: setSearchText,
    setStatus: (next: SubscriptionFilter | undefined) => {
      setStatusFilter(next);
      setPage(1);
    },
    toggleSort: (column: SubscriptionSortKey) => {
      setSortOrder(column === sortBy && sortOrder === 'ASC' ? 'DESC' : 'ASC');
      setSortBy(column);
      setPage(1);
    },
  };
}
