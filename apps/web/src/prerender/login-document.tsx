import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { createAppStore } from '@/lib/store';
import { renderPage, type PageRender } from './render-page';

/** The path the sign-in page is prerendered for (SPEC.md §2). */
export const LOGIN_PATH = '/login';

// React 19 hoists a component's <title> to the front of the markup.
const TITLE = /^<title>([^<]*)<\/title>/;

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The sign-in page as the SPA first renders it at `/login`: the app's own tree (main.tsx: the
 * providers, the route table, the lazy `/login` route with `LoginForm`) for a signed-out visitor,
 * through React Router's static handler. scripts/prerender.mjs writes it into dist/login.html
 * beside the SPA's scripts, and main.tsx hydrates it with the same tree: the form on the page is
 * the React form, there is no second implementation of it.
 */
export async function prerenderLogin(): Promise<PageRender & { title: string }> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://localhost${LOGIN_PATH}`));
  if (context instanceof Response) throw new Error(`${LOGIN_PATH} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${LOGIN_PATH} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(dataRoutes, context);
  const page = renderPage(
    <StrictMode>
      {/* A fresh store: signed out, the light choice (the page's class picks the scheme). */}
      <AppProvider store={createAppStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const match = TITLE.exec(page.html);
  if (!match?.[1]) throw new Error('The sign-in route rendered no <title>');
  return { ...page, title: decode(match[1]), html: page.html.slice(match[0].length) };
}
