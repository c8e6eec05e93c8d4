import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { createAppTheme } from '@/app/theme';
import { useStudentTheme, type StudentThemeMode } from '../hooks/use-student-theme';

const theme = createAppTheme();

interface ThemeChoice {
  mode: StudentThemeMode;
  setMode: (mode: StudentThemeMode) => void;
}
const ThemeChoiceContext = createContext<ThemeChoice>({ mode: 'system', setMode: () => undefined });

/** The student's theme choice and its setter (the top bar's toggle). */
export const useThemeChoice = () => useContext(ThemeChoiceContext);

function ColorScheme({ mode }: { mode: StudentThemeMode }) {
  const { setMode } = useColorScheme();
  useEffect(() => setMode(mode), [mode, setMode]);
  return null;
}

/** The app's own theme (the admin app's colours) around the student app, and the screens' tests. */
export function StudentTheme({ children }: { children: ReactNode }) {
  const [mode, setMode] = useStudentTheme();
  const choice = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return (
    <ThemeProvider theme={theme} defaultMode={mode} storageManager={null} forceThemeRerender>
      <ColorScheme mode={mode} />
      <CssBaseline enableColorScheme />
      <ThemeChoiceContext.Provider value={choice}>{children}</ThemeChoiceContext.Provider>
    </ThemeProvider>
  );
}
