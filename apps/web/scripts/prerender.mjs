// Writes the prerendered pages after `vite build`, each rendered at build time from its real React
// components (src/prerender/*-document.tsx) with the app's CSS-variables theme, whose variables
// carry both colour schemes, and a blocking script in <head> that picks the saved scheme before
// the first paint (on the sign-in page it also does the route's guard, on the landing page it keeps
// the page's language in step with the device's choice):
// - dist/login.html: the SPA's own render of /login, which the SPA hydrates (its entry is started
//   by the head script on the visitor's first interaction with the page, login-head.ts);
// - dist/landing.html: the landing page, static, with its own small script instead of the SPA, and
//   dist/landing.hi.html, the same page in Hindi;
// - dist/index.html (the SPA's shell for every other path) gets the same theme script.
// The API serves them (apps/api/src/plugins/spa.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const configFile = path.join(web, 'vite.config.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'web-prerender-'));

const quiet = { configFile, logLevel: 'warn' };

/** The pages: where each is rendered, its scripts, and what it keeps of the SPA's shell. */
const PAGES = [
  {
    file: 'landing.html',
    render: ['landing-document', 'prerenderLanding'],
    // The colour-scheme script of the landing page: the theme, and the page's language kept in
    // step with the device's choice (src/prerender/landing-head.ts).
    head: 'color-scheme',
    headEntry: 'landing-head',
    // The landing page ships no React: its own script, and it works without any.
    enhance: 'landing-enhance',
    keepSpa: false,
  },
  {
    // The same page in Hindi (issue 20), which the server answers `/` with when the `language`
    // cookie says so; with the @font-face rules of the self-hosted Devanagari font.
    file: 'landing.hi.html',
    render: ['landing-document', 'prerenderLanding', 'hi'],
    head: 'color-scheme',
    headEntry: 'landing-head',
    enhance: 'landing-enhance',
    keepSpa: false,
    devanagari: true,
  },
  {
    file: 'login.html',
    render: ['login-document', 'prerenderLogin'],
    head: 'login-head',
    // The SPA hydrates the page; without JavaScript its "needs JavaScript" notice stays.
    keepSpa: true,
  },
];

const scripts = new Map();

/**
 * Bundles one browser script (src/prerender/<entry>.ts) as a classic (IIFE) script and copies it
 * into dist/assets as <name>-<content hash>.js.
 */
async function browserScript(name, entry = name) {
  const key = `${name}:${entry}`;
  if (!scripts.has(key)) scripts.set(key, bundle(name, entry));
  return scripts.get(key);
}

async function bundle(name, entryName) {
  const outDir = path.join(work, entryName);
  await build({
    ...quiet,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(web, 'src/prerender', `${entryName}.ts`),
        formats: ['iife'],
        name: entryName.replace(/\W/g, '_'),
        fileName: () => `${name}.js`,
      },
    },
  });
  const code = fs.readFileSync(path.join(outDir, `${name}.js`));
  const hash = crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/${name}-${hash}.js`;
  fs.writeFileSync(path.join(dist, file), code);
  return { src: `/${file}`, kb: code.length / 1024 };
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
// The blocking script goes first in <head>, before the SPA's module script and stylesheets.
const withHeadScript = (html, src, spa) =>
  html.replace(/<head>\n?/, (head) => `${head}    <script src="${src}"${spa ? ` data-spa="${spa}"` : ''}></script>\n`);

try {
  const ssrOut = path.join(work, 'ssr');
  await build({
    ...quiet,
    build: {
      ssr: true,
      outDir: ssrOut,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: Object.fromEntries(
          PAGES.map(({ render: [module] }) => [module, path.join(web, 'src/prerender', `${module}.tsx`)]),
        ),
        output: { entryFileNames: '[name].mjs' },
      },
    },
    ssr: { noExternal: true },
  });

  // The SPA's index.html gives the head (meta tags, icon) and, for the hydrated page, its scripts.
  const shellFile = path.join(dist, 'index.html');
  const shell = fs.readFileSync(shellFile, 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');
  if (!/<script type="module"/.test(shell)) throw new Error('dist/index.html loads no module script');

  for (const page of PAGES) {
    const [module, exportName, ...args] = page.render;
    const document = await import(pathToFileURL(path.join(ssrOut, `${module}.mjs`)).href);
    const { title, html, styleTag, lang } = await document[exportName](...args);
    // The Hindi page's font: the woff2 files the SPA's build emitted for lib/hindi-start.
    const fonts = page.devanagari
      ? `<style>${document.devanagariFontFaces(fs.readdirSync(path.join(dist, 'assets')))}</style>`
      : '';
    const head = await browserScript(page.head, page.headEntry);
    const enhance = page.enhance ? await browserScript(page.enhance) : null;

    // The SPA's scripts and their preload hints leave the shell, so nothing of the SPA is fetched
    // as the page loads; the sign-in page's head script starts the SPA's entry itself on the
    // visitor's first interaction (login-head.ts), the landing page never does.
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
    if (!entry) throw new Error('dist/index.html has no module entry');
    let out = withHeadScript(shell, head.src, page.keepSpa ? entry : undefined)
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    if (!page.keepSpa) out = out.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    out = out
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace(
        '</head>',
        () =>
          (enhance ? `  <script defer src="${enhance.src}"></script>\n  ` : '  ') + `${fonts}${styleTag}\n  </head>`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
    if (lang && lang !== 'en') {
      if (!out.includes('<html lang="en">')) throw new Error('dist/index.html has no <html lang="en">');
      out = out.replace('<html lang="en">', `<html lang="${lang}">`);
    }
    if (/<script type="module"|modulepreload/.test(out)) throw new Error(`${page.file} loads the SPA as it loads`);
    if (/<script(?![^>]*\bsrc=)[^>]*>/.test(out))
      throw new Error(`${page.file} has an inline script, which the CSP blocks`);
    fs.writeFileSync(path.join(dist, page.file), out);
    process.stdout.write(
      `prerendered dist/${page.file}: ${(out.length / 1024).toFixed(1)} kB (CSS ${(styleTag.length / 1024).toFixed(1)} kB),` +
        ` scripts ${head.kb.toFixed(1)}${enhance ? ` + ${enhance.kb.toFixed(1)}` : ''} kB\n`,
    );
  }

  // Every other path gets the SPA's shell: the same theme script, so no page of the app flashes light.
  const theme = await browserScript('color-scheme');
  fs.writeFileSync(shellFile, withHeadScript(shell, theme.src));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
