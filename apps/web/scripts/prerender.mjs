// Writes dist/landing.html after `vite build`: the landing page rendered at build time from its
// real React components (src/prerender/landing-document.tsx) in both themes, with its CSS inlined
// and two small scripts: the theme (blocking, so a dark page never flashes light) and the page's
// few interactions. The API serves it for GET / (apps/api/src/plugins/spa.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const configFile = path.join(web, 'vite.config.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-prerender-'));

const quiet = { configFile, logLevel: 'warn' };

/** Bundles one browser script as a classic (IIFE) script and copies it into dist/assets under a content hash. */
async function browserScript(entry, name) {
  const outDir = path.join(work, name);
  await build({
    ...quiet,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(web, entry),
        formats: ['iife'],
        name: name.replace(/\W/g, '_'),
        fileName: () => `${name}.js`,
      },
    },
  });
  const code = fs.readFileSync(path.join(outDir, `${name}.js`));
  const hash = crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/${name}-${hash}.js`;
  fs.writeFileSync(path.join(dist, file), code);
  return `/${file}`;
}

try {
  const ssrOut = path.join(work, 'ssr');
  await build({
    ...quiet,
    build: {
      ssr: path.join(web, 'src/prerender/landing-document.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'landing-document.mjs' } },
    },
    ssr: { noExternal: true },
  });
  const { prerenderLanding } = await import(pathToFileURL(path.join(ssrOut, 'landing-document.mjs')).href);
  const { title, html, css } = prerenderLanding();

  const themeScript = await browserScript('src/prerender/landing-theme.ts', 'landing-theme');
  const enhanceScript = await browserScript('src/prerender/landing-enhance.ts', 'landing-enhance');

  // The SPA's index.html gives the head (meta tags, icon); the landing page needs none of its scripts.
  const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let page = shell
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(title)}</title>`)
    .replace(
      '</head>',
      () =>
        `  <script src="${themeScript}"></script>\n    <script defer src="${enhanceScript}"></script>\n    <style data-prerendered>${css}</style>\n  </head>`,
    );
  if (!page.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');
  page = page.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  if (/<script type="module"/.test(page)) throw new Error('The landing page still loads the SPA');
  fs.writeFileSync(path.join(dist, 'landing.html'), page);
  process.stdout.write(
    `prerendered dist/landing.html: ${(page.length / 1024).toFixed(1)} kB (CSS ${(css.length / 1024).toFixed(1)} kB)\n`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
