import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DUE_GROUPS, type DueGroup, duesMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useDebouncedSearch, useListParams } from '@/lib/use-list-params';
import { useListDuesQuery, type DueSortKey } from '../api/dues-api';

const GROUP_PARAM = 'group';
const isGroup = (value: string | null): value is DueGroup => (DUE_GROUPS as readonly (string | null)[]).includes(value);

/**
 * The dues screen's state: the group in the URL (`?group=expired`, expiring by default), so
 * back, forward and a reload show the same group; page, page size, sort (plan expiry first)
 * and a search that waits for a pause in typing. Another group, sort or search goes back
 * to page 1. A failed fetch shows the server's message, or "Failed to fetch dues".
 */
export function useDuesList() {
  const [params, setParams] = useSearchParams();
  const groupParam = params.get(GROUP_PARAM);
  const group: DueGroup = isGroup(groupParam) ? groupParam : 'expiring';

  const list = useListParams<DueSortKey>({ sortBy: 'plan_expires_at', sortOrder: 'ASC' });
  const { page, limit, sort } = list;
  const [searchText, setSearchText] = useDebouncedSearch(list.setSearch);
  // The group may change under the list by back or forward too: each group starts on page 1.
  const [groupOfPage, setGroupOfPage] = useState(group);
  if (groupOfPage !== group) {
    setGroupOfPage(group);
    list.firstPage();
  }

  const query = useListDuesQuery({ group, page, limit, ...sort, search: list.search || undefined });
  const { isError, error, data } = query;
  const failure = isError ? errorMessage(error, duesMessages.fetchFailed) : undefined;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.dues.length);
  useFailureToast(failure, error);

  const selectGroup = (next: DueGroup) => {
    if (next === group) return;
    // A new history entry: back returns to the group before.
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'expiring') updated.delete(GROUP_PARAM);
      else updated.set(GROUP_PARAM, next);
      return updated;
    });
  };

  return {
    query,
    failure,
    group,
    selectGroup,
    // The rows of the group asked for; the summary stays while another group loads.
    dues: isError ? [] : (query.currentData?.dues ?? []),
    summary: data?.summary,
    totalItems: isError ? 0 : (query.currentData?.pagination.totalItems ?? 0),
    page,
    limit,
    sort,
    search: list.search,
    searchText,
    setSearchText,
    setPage: list.setPage,
    setLimit: list.setLimit,
    toggleSort: list.toggleSort,
  };
}
