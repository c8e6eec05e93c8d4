import { useEffect } from 'react';
import { STORAGE_KEYS } from '@app/shared';
import { readSession } from '@/lib/session';
import { login, logout } from '@/lib/store/auth-slice';
import { useAppDispatch } from '@/lib/store/hooks';

/** Keeps tabs in step: signing in or out in one tab does the same in the others. */
export function SessionSync() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.admin && event.key !== null) return;
      const session = readSession();
      dispatch(session ? login(session) : logout());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);
  return null;
}
