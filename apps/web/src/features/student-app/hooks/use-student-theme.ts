import { useCallback, useState } from 'react';

export type StudentThemeMode = 'light' | 'dark' | 'system';
const KEY = 'student-theme';

function readMode(): StudentThemeMode {
  try {
    const saved = window.localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** The student's theme: the phone's own (system) until they pick light or dark. */
export function useStudentTheme(): [StudentThemeMode, (mode: StudentThemeMode) => void] {
  const [mode, setMode] = useState(readMode);
  const choose = useCallback((next: StudentThemeMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Storage unavailable: the choice lasts for this visit.
    }
  }, []);
  return [mode, choose];
}
