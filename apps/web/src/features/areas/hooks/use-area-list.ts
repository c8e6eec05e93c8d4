import { useMemo } from 'react';
import { TOAST_MS, type Area, type AreaSortKey, areaMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useDebouncedSearch, useListParams } from '@/lib/use-list-params';
import { useListAreasQuery } from '../api/areas-api';

/** Whether an area matches the search box: name or location, ignoring case (SPEC.md §5). */
function matchesSearch(area: Area, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return area.name.toLowerCase().includes(needle) || (area.location ?? '').toLowerCase().includes(needle);
}

/**
 * The Areas Management list: paging, sorting and search. The search filters the loaded
 * page at once, as the spec has it, and a moment later asks the server too, so areas on
 * other pages are found. Changing the search, sort or page size goes back to page 1.
 */
export function useAreaList() {
  const list = useListParams<AreaSortKey>({ sortBy: 'name', sortOrder: 'ASC' });
  const { page, limit, sort } = list;
  const [search, setSearchText] = useDebouncedSearch(list.setSearch);

  const query = useListAreasQuery({ page, limit, ...sort, search: list.search || undefined });
  const { error, isError, data } = query;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.areas.length);

  useFailureToast(isError ? errorMessage(error, areaMessages.fetchFailed) : undefined, error, TOAST_MS.areas);

  const areas = useMemo(() => (data?.areas ?? []).filter((area) => matchesSearch(area, search)), [data, search]);

  return {
    query,
    areas,
    totalItems: data?.pagination.totalItems ?? 0,
    page,
    limit,
    sort,
    search,
    setPage: list.setPage,
    /** After a delete: when it took the only row of a later page, show the page before. */
    afterDelete: () => {
      if (page > 1 && (data?.areas.length ?? 0) <= 1) list.setPage(page - 1);
    },
    setLimit: list.setLimit,
    setSearch: (next: string) => {
      setSearchText(next);
      list.firstPage();
    },
    toggleSort: list.toggleSort,
  };
}
