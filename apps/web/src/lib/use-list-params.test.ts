import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_PAGE_SIZE } from '@app/shared';
import { SEARCH_DELAY_MS, useDebouncedSearch, useListParams } from './use-list-params';

type Key = 'name' | 'mobile';

const sortedList = () => renderHook(() => useListParams<Key>({ sortBy: 'name', sortOrder: 'ASC' }));

/** A list on page 3, as after paging forward. */
function onPage3() {
  const hook = sortedList();
  act(() => hook.result.current.setPage(3));
  expect(hook.result.current.page).toBe(3);
  return hook;
}

describe('useListParams', () => {
  it('starts on page 1 with the default page size, no search and the given sort', () => {
    const { result } = sortedList();
    expect(result.current).toMatchObject({
      page: 1,
      limit: DEFAULT_PAGE_SIZE,
      search: '',
      sort: { sortBy: 'name', sortOrder: 'ASC' },
    });
  });

  it('goes back to page 1 on a new page size, search, sort or filter, but not on paging', () => {
    const { result } = onPage3();
    act(() => result.current.setLimit(25));
    expect(result.current).toMatchObject({ page: 1, limit: 25 });

    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('meena'));
    expect(result.current).toMatchObject({ page: 1, search: 'meena' });

    act(() => result.current.setPage(2));
    act(() => result.current.setSort({ sortBy: 'mobile', sortOrder: 'DESC' }));
    expect(result.current).toMatchObject({ page: 1, sort: { sortBy: 'mobile', sortOrder: 'DESC' } });

    act(() => result.current.setPage(4));
    act(() => result.current.firstPage());
    expect(result.current.page).toBe(1);
  });

  it('sorts a new column ascending and turns the order round on the same column', () => {
    const { result } = onPage3();
    act(() => result.current.toggleSort('name'));
    expect(result.current).toMatchObject({ page: 1, sort: { sortBy: 'name', sortOrder: 'DESC' } });
    act(() => result.current.toggleSort('name'));
    expect(result.current.sort).toEqual({ sortBy: 'name', sortOrder: 'ASC' });
    act(() => result.current.toggleSort('name'));
    act(() => result.current.toggleSort('mobile'));
    expect(result.current.sort).toEqual({ sortBy: 'mobile', sortOrder: 'ASC' });
  });

  it('shows page 1 when a later page comes back empty, and stays put otherwise', () => {
    const rows: { count: number | undefined } = { count: undefined };
    const { result, rerender } = renderHook(() => {
      const list = useListParams();
      list.showFirstPageIfEmptied(rows.count);
      return list;
    });
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3); // still loading: nothing known yet

    rows.count = 4;
    rerender();
    expect(result.current.page).toBe(3);

    rows.count = 0; // the last rows of page 3 were deleted
    rerender();
    expect(result.current.page).toBe(1);
  });

  it('keeps its setters across renders, so a debounced search can depend on them', () => {
    const { result, rerender } = sortedList();
    const { setSearch, setLimit, firstPage, setSort } = result.current;
    act(() => result.current.setPage(2));
    rerender();
    expect(result.current.setSearch).toBe(setSearch);
    expect(result.current.setLimit).toBe(setLimit);
    expect(result.current.firstPage).toBe(firstPage);
    expect(result.current.setSort).toBe(setSort);
  });

  it('has no sort when the list has none', () => {
    const { result } = renderHook(() => useListParams());
    expect('sort' in result.current).toBe(false);
  });
});

describe('useDebouncedSearch', () => {
  it('hands the trimmed text on once typing pauses, and only the last of a burst', () => {
    vi.useFakeTimers();
    try {
      const setSearch = vi.fn();
      const { result } = renderHook(() => useDebouncedSearch(setSearch));
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(setSearch).not.toHaveBeenCalled(); // the empty box is the search the list starts with

      act(() => result.current[1]('me'));
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 50));
      act(() => result.current[1]('meena '));
      expect(result.current[0]).toBe('meena ');
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
      expect(setSearch).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(setSearch.mock.calls).toEqual([['meena']]);

      // Typed and erased again within the pause: the same search, nothing to ask.
      act(() => result.current[1]('meena x'));
      act(() => result.current[1]('meena'));
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(setSearch.mock.calls).toEqual([['meena']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a page turned right after the list opened where it is', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => {
        const params = useListParams();
        const [text, setText] = useDebouncedSearch(params.setSearch);
        return { params, text, setText };
      });
      act(() => result.current.params.setPage(2));
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
      expect(result.current.params.page).toBe(2);

      act(() => result.current.setText('asha'));
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(result.current.params).toMatchObject({ page: 1, search: 'asha' });
    } finally {
      vi.useRealTimers();
    }
  });
});
