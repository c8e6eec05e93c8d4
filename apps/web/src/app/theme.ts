import { createTheme, type Theme } from '@mui/material/styles';
import type {} from '@mui/material/themeCssVarsAugmentation';
import { themeLanguage } from '@/lib/language-theme';

// The app's theme always has CSS variables: `theme.vars` is there and ThemeProvider takes their options.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

export type ResolvedMode = 'light' | 'dark';

/**
 * How the page says which scheme it paints: a `light` or `dark` class on <html>. MUI's
 * ThemeProvider sets it in the app; the prerendered pages' blocking script (prerender/color-scheme)
 * sets the same class before their first paint. Without either, the light scheme applies (`:root`).
 */
export const COLOR_SCHEME_SELECTOR = 'class';

const FONT_STACK = [
  'Roboto',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The app's look: indigo and teal on calm neutrals, MUI's own components (chips, skeletons,
 * uppercase buttons). One theme holds both colour schemes as CSS variables, so one render (the
 * SPA's, or the build's prerender) paints light and dark alike and the page's class picks one.
 */
export function createAppTheme(): Theme {
  // Hindi (issue 20) puts its Devanagari font first and adds MUI's Hindi texts; English adds nothing.
  const { fontFamily, locale } = themeLanguage();
  const options: Parameters<typeof createTheme>[0] = {
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_SELECTOR },
    colorSchemes: {
      light: {
        palette: {
          // WCAG AA: white text only where it reaches 4.5:1, else MUI's dark text.
          contrastThreshold: 4.5,
          primary: { main: '#3949ab' },
          // Accents a shade darker than MUI's so that text in them (chips, captions, overlines)
          // reads at 4.5:1 on white and on the page background.
          secondary: { main: '#00796b' },
          warning: { main: '#b45309' },
          info: { main: '#0277bd' },
          background: { default: '#f4f6fb', paper: '#ffffff' },
          divider: 'rgba(15, 23, 42, 0.09)',
          text: { primary: '#1a2035', secondary: '#5b6478' },
        },
      },
      dark: {
        palette: {
          // Dark mode's red buttons get MUI's dark text, which reaches 4.5:1 where white does not.
          contrastThreshold: 4.5,
          primary: { main: '#8c9eff', contrastText: '#0b1020' },
          secondary: { main: '#4db6ac' },
          background: { default: '#0d1220', paper: '#141a2b' },
          divider: 'rgba(148, 163, 184, 0.16)',
          text: { primary: '#e6e9f2', secondary: '#9aa3b8' },
        },
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: fontFamily ? `${fontFamily},${FONT_STACK}` : FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 600, letterSpacing: '0.04em' },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: ({ theme }) => ({ border: `1px solid ${theme.vars.palette.divider}` }) },
      },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.alpha(theme.vars.palette.background.paper, 0.85),
            backdropFilter: 'blur(8px)',
            borderBottom: `1px solid ${theme.vars.palette.divider}`,
          }),
        },
      },
      MuiDrawer: {
        styleOverrides: { paper: ({ theme }) => ({ borderRight: `1px solid ${theme.vars.palette.divider}` }) },
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
  };
  return locale ? createTheme(options, locale) : createTheme(options);
}
