import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_PAGE_SIZE, messages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useListFeesQuery, type FeeSortKey } from '../api/fees-api';

/**
 * The fee report's state (SPEC.md §2, §9): page, page size, sort (name ascending at
 * first) and the submitted search. Clearing the search shows the latest changes
 * first (updated_at descending). Changing anything but the page goes back to page 1.
 * A failed fetch shows the server's message, or "Failed to fetch fees", and an
 * empty list (SPEC.md §8).
 */
export function useFeeList() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<FeeSortKey>('name');
  const [sortOrder, setSortOrder] = useState<'ASC' | 'DESC'>('ASC');
  const [search, setSearch] = useState('');

  const query = useListFeesQuery({ page, limit, sortBy, sortOrder, search: search || undefined });
  const { isError, error, data } = query;
  const failure = isError ? errorMessage(error, messages.fees.fetchFailed) : undefined;

  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure, error]);

  return {
    query,
    failure,
    fees: isError ? [] : (data?.fees ?? []),
    totalItems: isError ? 0 : (data?.pagination.totalItems ?? 0),
    page,
    limit,
    search,
    sort: { sortBy, sortOrder },
    setPage,
    setLimit: (next: number) => {
      setLimit(next);
      setPage(1);
    },
    submitSearch: (text: string) => {
      setSearch(text.trim());
      setPage(1);
    },
    clearSearch: () => {
      setSearch('');
      setSortBy('updated_at');
      setSortOrder('DESC');
      setPage(1);
    },
    toggleSort: (column: FeeSortKey) => {
      setSortOrder(column === sortBy && sortOrder === 'ASC' ? 'DESC' : 'ASC');
      setSortBy(column);
      setPage(1);
    },
  };
}
