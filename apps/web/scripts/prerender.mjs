// Writes the static pages after `vite build`: dist/landing.html and dist/login.html, each rendered
// at build time from its real React components (src/prerender/*-document.tsx) in both themes,
// with its CSS inlined and two small scripts: one blocking in <head> (the theme, so a dark page
// never flashes light; on the sign-in page also the route's guard) and the page's behaviour.
// The API serves them for GET / and GET /login (apps/api/src/plugins/spa.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const configFile = path.join(web, 'vite.config.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'web-prerender-'));
const require = createRequire(path.join(web, 'package.json'));

const quiet = { configFile, logLevel: 'warn' };

/** The pages: where each is rendered, its scripts, and what it keeps of the SPA's shell. */
const PAGES = [
  {
    file: 'landing.html',
    render: ['landing-document', 'prerenderLanding'],
    head: 'landing-theme',
    enhance: 'landing-enhance',
    // The landing page works without JavaScript: the SPA's "needs JavaScript" notice goes.
    keepNoscript: false,
  },
  {
    file: 'login.html',
    render: ['login-document', 'prerenderLogin'],
    head: 'login-head',
    enhance: 'login-enhance',
    // Signing in needs the page's script: the notice stays for a browser without JavaScript.
    keepNoscript: true,
    // The toasts' stylesheet, first in <head> as react-toastify puts it in the app.
    headCss: fs.readFileSync(require.resolve('react-toastify/ReactToastify.css'), 'utf8'),
  },
];

/** Bundles one browser script as a classic (IIFE) script and copies it into dist/assets under a content hash. */
async function browserScript(name) {
  const outDir = path.join(work, name);
  await build({
    ...quiet,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(web, 'src/prerender', `${name}.ts`),
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
  return { src: `/${file}`, kb: code.length / 1024 };
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

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

  // The SPA's index.html gives the head (meta tags, icon); the static pages need none of its scripts.
  const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');

  for (const page of PAGES) {
    const [module, exportName] = page.render;
    const document = await import(pathToFileURL(path.join(ssrOut, `${module}.mjs`)).href);
    const { title, html, css, texts } = document[exportName]();
    const head = await browserScript(page.head);
    const enhance = await browserScript(page.enhance);

    let out = shell
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace(
        '</head>',
        () =>
          `  <script src="${head.src}"></script>\n    <script defer src="${enhance.src}"></script>\n` +
          (page.headCss ? `    <style data-toastify>${page.headCss}</style>\n` : '') +
          `    <style data-prerendered>${css}</style>\n  </head>`,
      );
    if (!page.keepNoscript) out = out.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    // Texts the page's script shows, from the message catalogue (src/prerender/login-texts.ts).
    const attributes = texts ? ` data-texts="${escapeAttribute(JSON.stringify(texts))}"` : '';
    out = out.replace('<div id="root"></div>', () => `<div id="root"${attributes}>${html}</div>`);
    if (/<script type="module"/.test(out)) throw new Error(`${page.file} still loads the SPA`);
    if (/<script(?![^>]*\bsrc=)[^>]*>/.test(out))
      throw new Error(`${page.file} has an inline script, which the CSP blocks`);
    fs.writeFileSync(path.join(dist, page.file), out);
    process.stdout.write(
      `prerendered dist/${page.file}: ${(out.length / 1024).toFixed(1)} kB (CSS ${(css.length / 1024).toFixed(1)} kB),` +
        ` scripts ${head.kb.toFixed(1)} + ${enhance.kb.toFixed(1)} kB\n`,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
