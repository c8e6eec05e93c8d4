import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { DEFAULT_PAGE_SIZE, messages, TOAST_MS, type StudentSortKey } from '@app/shared';
import { useListStudentsQuery } from '../api/students-api';

/**
 * The Students list state: page, page size, sort and the submitted search (the box
 * searches when its button is pressed, or Enter). Changing any of them but the page
 * goes back to page 1 (SPEC.md §4). A failed fetch says "Failed to fetch student"
 * and shows an empty list (SPEC.md §8).
 */
export function useStudentList() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<StudentSortKey>('name');
  const [sortOrder, setSortOrder] = useState<'ASC' | 'DESC'>('ASC');
  const [search, setSearch] = useState('');
  // `?type=premium` (the dashboard's premium link) narrows the list until cleared.
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = typeParam === 'premium' || typeParam === 'regular' ? typeParam : undefined;

  const query = useListStudentsQuery({ page, limit, sortBy, sortOrder, search: search || undefined, type });
  const { isError, error, data } = query;

  useEffect(() => {
    if (isError) toast.error(messages.students.fetchListFailed, { autoClose: TOAST_MS.students });
  }, [isError, error]);

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
      setParams({}, { replace: true });
      setPage(1);
    },
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
    toggleSort: (column: StudentSortKey) => {
      setSortOrder(column === sortBy && sortOrder === 'ASC' ? 'DESC' : 'ASC');
      setSortBy(column);
      setPage(1);
    },
  };
}
