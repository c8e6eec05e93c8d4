import { feeMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useListParams } from '@/lib/use-list-params';
import { useListFeesQuery, type FeeSortKey } from '../api/fees-api';

/**
 * The fee report's state (SPEC.md §2, §9): page, page size, sort (name ascending at
 * first) and the submitted search. Clearing the search shows the latest changes
 * first (updated_at descending). Changing anything but the page goes back to page 1.
 * A failed fetch shows the server's message, or "Failed to fetch fees", and an
 * empty list (SPEC.md §8).
 */
export function useFeeList() {
  const list = useListParams<FeeSortKey>({ sortBy: 'name', sortOrder: 'ASC' });
  const { page, limit, search, sort } = list;

  const query = useListFeesQuery({ page, limit, ...sort, search: search || undefined });
  const { isError, error, data } = query;
  const failure = isError ? errorMessage(error, feeMessages.fetchFailed) : undefined;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.fees.length);

  useFailureToast(failure, error);

  return {
    query,
    failure,
    fees: isError ? [] : (data?.fees ?? []),
    totalItems: isError ? 0 : (data?.pagination.totalItems ?? 0),
    page,
    limit,
    search,
    sort,
    setPage: list.setPage,
    setLimit: list.setLimit,
    submitSearch: (text: string) => list.setSearch(text.trim()),
    clearSearch: () => {
      list.setSearch('');
      list.setSort({ sortBy: 'updated_at', sortOrder: 'DESC' });
    },
    toggleSort: list.toggleSort,
  };
}
