import { alpha, createTheme, type Theme } from '@mui/material/styles';

export type ResolvedMode = 'light' | 'dark';

const FONT_STACK = [
  'Roboto',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The app's look: indigo and teal on calm neutrals, MUI's own components (chips, skeletons, uppercase buttons). */
export function createAppTheme(mode: ResolvedMode): Theme {
  const dark = mode === 'dark';
  const theme = createTheme({
    palette: {
      mode,
      // WCAG AA: white text only where it reaches 4.5:1, else MUI's dark text (e.g. dark mode's red buttons).
      contrastThreshold: 4.5,
      primary: dark ? { main: '#8c9eff', contrastText: '#0b1020' } : { main: '#3949ab' },
      // Light mode's accents are a shade darker than MUI's so that text in them (chips, captions,
      // overlines) reads at 4.5:1 on white and on the page background; dark mode keeps MUI's.
      secondary: dark ? { main: '#4db6ac' } : { main: '#00796b' },
      ...(dark ? {} : { warning: { main: '#b45309' }, info: { main: '#0277bd' } }),
      background: dark ? { default: '#0d1220', paper: '#141a2b' } : { default: '#f4f6fb', paper: '#ffffff' },
      divider: dark ? 'rgba(148, 163, 184, 0.16)' : 'rgba(15, 23, 42, 0.09)',
      text: dark ? { primary: '#e6e9f2', secondary: '#9aa3b8' } : { primary: '#1a2035', secondary: '#5b6478' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 600, letterSpacing: '0.04em' },
    },
  });

  return createTheme(theme, {
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: `1px solid ${theme.palette.divider}` } },
      },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: alpha(theme.palette.background.paper, 0.85),
            backdropFilter: 'blur(8px)',
            borderBottom: `1px solid ${theme.palette.divider}`,
          },
        },
      },
      MuiDrawer: {
        styleOverrides: { paper: { borderRight: `1px solid ${theme.palette.divider}` } },
      },
      MuiTextField: {
        defaultProps: { fullWidth: true },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
      },
      MuiDialogTitle: {
        styleOverrides: { root: { fontWeight: 700 } },
      },
    },
  });
}
