import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@app/shared';
import { useListActivityQuery } from '../api/activity-api';

/** The audit log as the Activity screen pages and filters it: newest first. */
export function useActivityLog() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [action, setAction] = useState('');
  // The log grows with every sign-in elsewhere: each visit and filter change reads it afresh.
  const query = useListActivityQuery({ page, limit, action: action || undefined }, { refetchOnMountOrArgChange: true });

  return {
    query,
    entries: query.data?.entries ?? [],
    totalItems: query.data?.pagination.totalItems ?? 0,
    page,
    limit,
    action,
    setPage,
    setLimit: (next: number) => {
      setLimit(next);
      setPage(1);
    },
    setAction: (next: string) => {
      setAction(next);
      setPage(1);
    },
  };
}
