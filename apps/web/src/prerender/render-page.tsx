import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { createAppTheme, type ResolvedMode } from '@/app/theme';
import type { PageRender } from './merge-renders';

/** The theme with every text field's label raised and outline notched, as when a field is focused or filled. */
function raisedLabels(theme: Theme): Theme {
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiInputLabel: { ...theme.components?.MuiInputLabel, defaultProps: { shrink: true } },
      MuiOutlinedInput: { ...theme.components?.MuiOutlinedInput, defaultProps: { notched: true } },
    },
  };
}

/**
 * Renders `page` to markup as the app paints it (the app's theme in `mode`, CssBaseline), and
 * collects the emotion rules it inserts, in insertion order. `raised`: with every text field's
 * label raised, the state a page's script switches a field to while it is focused or filled.
 */
export function renderPage(mode: ResolvedMode, raised: boolean, page: ReactNode): PageRender {
  const cache = createCache({ key: 'css' });
  // Compat mode: emotion keeps the rules in the cache instead of writing <style> tags into the markup.
  cache.compat = true;
  const styles: [string, string][] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const result = insert(selector, serialized, sheet, shouldCache);
    const rules = cache.inserted[serialized.name];
    if (typeof rules === 'string') styles.push([serialized.name, rules]);
    return result;
  };
  const theme = createAppTheme(mode);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={raised ? raisedLabels(theme) : theme}>
        <CssBaseline enableColorScheme />
        {page}
      </ThemeProvider>
    </CacheProvider>,
  );
  return { html, styles };
}

/** MUI sizes a multiline field's box to its minimum rows with a script; a static page does it in CSS. */
export function minRowsCss(html: string): string {
  const rows = new Set([...html.matchAll(/ data-min-rows="(\d+)"/g)].map((match) => match[1]));
  return [...rows].map((n) => `textarea[data-min-rows="${n}"]{min-height:${n}lh;}`).join('');
}
