import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { messages, TOAST_MS } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useListParams } from '@/lib/use-list-params';
import { useListSubscriptionsQuery, type SubscriptionFilter, type SubscriptionSortKey } from '../api/subscriptions-api';

export const SEARCH_DELAY_MS = 300;

/**
 * The Subscription Management list: paging, sorting (plan expiry ascending by
 * default, SPEC.md §9), a server-side search over student name and mobile that
 * waits for a pause in typing, and the status filter. Any change but the page
 * goes back to page 1 (SPEC.md §4).
 */
export function useSubscriptionList() {
  const list = useListParams<SubscriptionSortKey>({ sortBy: 'plan_expire_at', sortOrder: 'ASC' });
  const { page, limit, sort, setSearch: setServerSearch } = list;
  const [search, setSearchText] = useState('');
  const [status, setStatusFilter] = useState<SubscriptionFilter | undefined>(undefined);

  useEffect(() => {
    const timer = setTimeout(() => setServerSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, setServerSearch]);

  const query = useListSubscriptionsQuery({ page, limit, ...sort, search: list.search || undefined, status });
  const { error, isError, data } = query;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.subscription.length);

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
    sort,
    search,
    status,
    filtered: Boolean(list.search) || status !== undefined,
    setPage: list.setPage,
    setLimit: list.setLimit,
    setSearch: setSearchText,
    setStatus: (next: SubscriptionFilter | undefined) => {
      setStatusFilter(next);
      list.firstPage();
    },
    toggleSort: list.toggleSort,
  };
}
