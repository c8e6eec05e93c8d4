import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TOAST_MS, type StudentSortKey, type StudentState, studentMessages } from '@app/shared';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useListParams } from '@/lib/use-list-params';
import { useListStudentsQuery } from '../api/students-api';

const STATE_PARAM = 'state';

/**
 * The Students list state: page, page size, sort and the submitted search (the box
 * searches when its button is pressed, or Enter). Changing any of them but the page
 * goes back to page 1 (SPEC.md §4). A failed fetch says "Failed to fetch student"
 * and shows an empty list (SPEC.md §8). Members or those who left (issue 19) is in the
 * URL (`?state=left`), so back, forward and a reload keep it.
 */
export function useStudentList() {
  const list = useListParams<StudentSortKey>({ sortBy: 'name', sortOrder: 'ASC' });
  const { page, limit, search, sort } = list;
  // `?type=premium` (the dashboard's premium link) narrows the list until cleared.
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = typeParam === 'premium' || typeParam === 'regular' ? typeParam : undefined;
  const state: StudentState = params.get(STATE_PARAM) === 'left' ? 'left' : 'active';
  // The state may change under the list by back or forward too: each starts on page 1.
  const [stateOfPage, setStateOfPage] = useState(state);
  if (stateOfPage !== state) {
    setStateOfPage(state);
    list.firstPage();
  }

  const query = useListStudentsQuery({ page, limit, ...sort, search: search || undefined, type, state });
  const { isError, error, data } = query;
  list.showFirstPageIfEmptied(isError ? undefined : query.currentData?.students.length);

  useFailureToast(isError ? studentMessages.fetchListFailed : undefined, error, TOAST_MS.students);

  const students = isError ? [] : (data?.students ?? []);
  return {
    query,
    students,
    totalItems: isError ? 0 : (data?.pagination.totalItems ?? 0),
    page,
    limit,
    search,
    type,
    clearType: () => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('type');
          return updated;
        },
        { replace: true },
      );
      list.firstPage();
    },
    state,
    /** Members or those who left: a new history entry, so back returns to the other. */
    selectState: (next: StudentState) => {
      if (next === state) return;
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === 'active') updated.delete(STATE_PARAM);
        else updated.set(STATE_PARAM, next);
        return updated;
      });
    },
    sort,
    setPage: list.setPage,
    setLimit: list.setLimit,
    submitSearch: (text: string) => list.setSearch(text.trim()),
    toggleSort: list.toggleSort,
  };
}
