import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@app/shared';
import type { ListSort } from '@/components/ListTable';

/** Page, page size and search of a paged list; every change but the page goes back to page 1. */
export interface PageParams {
  /** Counts from 1. */
  page: number;
  limit: number;
  /** The search the server is asked for ('' for none). */
  search: string;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSearch: (search: string) => void;
  /** Back to page 1, for a change of the screen's own filters (status, action, type...). */
  firstPage: () => void;
  /**
   * Given how many rows the page came back with: a page past the first that came back
   * empty (its rows deleted or filtered away) gives way to page 1. Call it while rendering.
   */
  showFirstPageIfEmptied: (rowsOnPage: number | undefined) => void;
}

/** PageParams and the sort of a list whose columns sort it. */
export interface ListParams<SortKey> extends PageParams {
  sort: ListSort<SortKey>;
  setSort: (sort: ListSort<SortKey>) => void;
  /** Sorts by `column`, ascending first; a second call turns the order round. */
  toggleSort: (column: SortKey) => void;
}

/** The state of a paged list screen (SPEC.md §4, §9): page, page size, search and sort. */
export function useListParams<SortKey>(defaultSort: ListSort<SortKey>): ListParams<SortKey>;
export function useListParams(): PageParams;
export function useListParams<SortKey>(defaultSort?: ListSort<SortKey>): PageParams | ListParams<SortKey> {
  const [page, setPage] = useState(1);
  const [limit, setLimitState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearchState] = useState('');
  const [sort, setSortState] = useState(defaultSort);
  // Stable setters: a debounced search may name them in an effect's dependencies.
  const setLimit = useCallback((next: number) => {
    setLimitState(next);
    setPage(1);
  }, []);
  const setSearch = useCallback((next: string) => {
    setSearchState(next);
    setPage(1);
  }, []);
  const firstPage = useCallback(() => setPage(1), []);
  const setSort = useCallback((next: ListSort<SortKey>) => {
    setSortState(next);
    setPage(1);
  }, []);

  const params: PageParams = {
    page,
    limit,
    search,
    setPage,
    setLimit,
    setSearch,
    firstPage,
    showFirstPageIfEmptied: (rowsOnPage) => {
      // A state update of this component while it renders: React renders it again at once.
      if (page > 1 && rowsOnPage === 0) setPage(1);
    },
  };
  if (!sort) return params;
  return {
    ...params,
    sort,
    setSort,
    toggleSort: (column) =>
      setSort({ sortBy: column, sortOrder: column === sort.sortBy && sort.sortOrder === 'ASC' ? 'DESC' : 'ASC' }),
  };
}

/** How long typing must pause before a search box's text goes to the server. */
export const SEARCH_DELAY_MS = 300;

/**
 * A search box that asks the server as typing pauses: the box's text, its setter, and
 * `setSearch` (a stable one, such as ListParams') called with the trimmed text once the
 * text has not changed for SEARCH_DELAY_MS. Only a search that differs from the last one is
 * handed on: the empty box at first, or a text typed and erased again, would otherwise take
 * the list back to page 1 under a visitor who had just turned the page.
 */
export function useDebouncedSearch(setSearch: (search: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const lastSearch = useRef('');
  useEffect(() => {
    const search = text.trim();
    if (search === lastSearch.current) return;
    const timer = setTimeout(() => {
      lastSearch.current = search;
      setSearch(search);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setSearch]);
  return [text, setText];
}
