import { useState } from 'react';
import { TOAST_MS, subscriptionMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useDebouncedSearch, useListParams } from '@/lib/use-list-params';
import { useListSubscriptionsQuery, type SubscriptionFilter, type SubscriptionSortKey } from '../api/subscriptions-api';

/**
 * The Subscription Management list: paging, sorting (plan expiry ascending by
 * default, SPEC.md §9), a server-side search over student name and mobile that
 * waits for a pause in typing, and the status filter. Any change but the page
 * goes back to page 1 (SPEC.md §4).
 */
export function useSubscriptionList() {
  const list = useListParams<SubscriptionSortKey>({ sortBy: 'plan_expire_at', sortOrder: 'ASC' });
  const { page, limit, sort } = list;
  const [search, setSearchText] = useDebouncedSearch(list.setSearch);
  const [status, setStatusFilter] = useState<SubscriptionFilter | undefined>(undefined);

  const query = useListSubscriptionsQuery({ page, limit, ...sort, search: list.search || undefined, status });
  const { error, isError, data } = query;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.subscription.length);

  useFailureToast(isError ? errorMessage(error, subscriptionMessages.fetchFailed) : undefined, error, TOAST_MS.default);

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
