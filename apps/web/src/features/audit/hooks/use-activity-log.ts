import { useState } from 'react';
import { useListParams } from '@/lib/use-list-params';
import { useListActivityQuery } from '../api/activity-api';

/** The audit log as the Activity screen pages and filters it: newest first. */
export function useActivityLog() {
  const list = useListParams();
  const { page, limit } = list;
  const [action, setAction] = useState('');
  // The log grows with every sign-in elsewhere: each visit and filter change reads it afresh.
  const query = useListActivityQuery({ page, limit, action: action || undefined }, { refetchOnMountOrArgChange: true });
  list.showFirstPageIfEmptied(query.isError ? undefined : query.currentData?.entries.length);

  return {
    query,
    entries: query.data?.entries ?? [],
    totalItems: query.data?.pagination.totalItems ?? 0,
    page,
    limit,
    action,
    setPage: list.setPage,
    setLimit: list.setLimit,
    setAction: (next: string) => {
      setAction(next);
      list.firstPage();
    },
  };
}
