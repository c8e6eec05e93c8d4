import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';

/** One server render: its markup, and the emotion rules it inserted as a <style> tag for <head>. */
export interface PageRender {
  html: string;
  styleTag: string;
}

/**
 * Renders `page` to markup and collects the CSS emotion generated for it, in insertion order.
 * The rules go out in one `<style data-emotion="css <names>">`, emotion's own server-rendering
 * format: in the browser emotion's cache adopts that tag and inserts none of those rules again,
 * so a hydrated page keeps its styles and class names (the CSS-variables theme makes them the same
 * in both colour schemes, app/theme.ts).
 */
export function renderPage(page: ReactNode): PageRender {
  const cache = createCache({ key: 'css' });
  // Compat mode: emotion keeps the rules in the cache instead of writing <style> tags into the markup.
  cache.compat = true;
  const names: string[] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const result = insert(selector, serialized, sheet, shouldCache);
    if (typeof cache.inserted[serialized.name] === 'string' && !names.includes(serialized.name)) {
      names.push(serialized.name);
    }
    return result;
  };
  const html = renderToString(<CacheProvider value={cache}>{page}</CacheProvider>);
  const css = names.map((name) => cache.inserted[name] as string).join('');
  // Emotion's rules never hold `</style>`; should one ever, the page would break, not leak.
  if (css.includes('</')) throw new Error('The CSS holds "</", which would end its <style> tag');
  return { html, styleTag: `<style data-emotion="css ${names.join(' ')}">${css}</style>` };
}

/** MUI sizes a multiline field's box to its minimum rows with a script; a static page does it in CSS. */
export function minRowsCss(html: string): string {
  const rows = new Set([...html.matchAll(/ data-min-rows="(\d+)"/g)].map((match) => match[1]));
  return [...rows].map((n) => `textarea[data-min-rows="${n}"]{min-height:${n}lh;}`).join('');
}
