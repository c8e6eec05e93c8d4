import { useCallback, useEffect, useState } from 'react';
import { StudentApiError } from '../api/client';
import { readSavedData, saveData } from '../api/last-data';

export interface StudentData<T> {
  data: T | undefined;
  /** When the shown data was saved, set only while it is the saved copy (offline, or a failed call). */
  savedAt: number | undefined;
  loading: boolean;
  /** The failure's text when there is nothing to show instead. */
  error: string | undefined;
  reload: () => void;
  /** Replaces the data (after a change the screen made itself) and saves it. */
  replace: (data: T) => void;
}

/**
 * One student call's answer, saved for offline use: the saved copy shows at once, the call
 * replaces it; when the call fails the saved copy stays, marked with when it was saved.
 * `load` must be stable (a module function, or memoised): a new one loads again.
 */
export function useStudentData<T>(key: string, load: () => Promise<T>): StudentData<T> {
  const [state, setState] = useState(() => {
    const saved = readSavedData<T>(key);
    return { data: saved?.data, savedAt: saved?.savedAt, fresh: false, error: undefined as string | undefined };
  });
  const [attempt, setAttempt] = useState(0);
  // Which load last settled: loading until the current key and attempt have.
  const [settled, setSettled] = useState<string | undefined>(undefined);
  const loadId = `${key}#${attempt}`;

  useEffect(() => {
    let current = true;
    const id = `${key}#${attempt}`;
    load().then(
      (data) => {
        if (!current) return;
        saveData(key, data);
        setState({ data, savedAt: undefined, fresh: true, error: undefined });
        setSettled(id);
      },
      (error: unknown) => {
        if (!current) return;
        const message = error instanceof StudentApiError || error instanceof Error ? error.message : String(error);
        setState((previous) => ({ ...previous, error: message }));
        setSettled(id);
      },
    );
    return () => {
      current = false;
    };
  }, [key, load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback(
    (data: T) => {
      saveData(key, data);
      setState({ data, savedAt: undefined, fresh: true, error: undefined });
    },
    [key],
  );

  return {
    data: state.data,
    savedAt: !state.fresh && state.data !== undefined && state.error !== undefined ? state.savedAt : undefined,
    loading: settled !== loadId,
    error: state.data === undefined ? state.error : undefined,
    reload,
    replace,
  };
}
