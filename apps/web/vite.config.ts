import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Paths come from import.meta.url so the config works whatever the working directory
// (the root `npm run build -w apps/web` and a plain `npx vite build` in apps/web).
const here = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

const STUDENT_ENTRY = 'student-app';

/**
 * The student app (issue 15) is a second page of this build, apps/web/student/index.html, with its
 * own entry and chunks: nothing of the admin app loads under /student. Its service worker,
 * student/sw.js, is written here with the list of files it keeps for offline use: the student
 * entry's chunks (static and lazy), their CSS and assets, the manifest and its icons.
 * The prerender's own builds (a library build, a server build) set their inputs and get neither;
 * the dev server serves the page for every /student path (it has no service worker: nothing is hashed).
 */
function studentApp(): Plugin {
  return {
    name: 'student-app',
    config(config, { command }) {
      if (command !== 'build' || config.build?.lib || config.build?.ssr) return;
      return {
        build: {
          rolldownOptions: { input: { index: here('./index.html'), [STUDENT_ENTRY]: here('./student/index.html') } },
        },
      };
    },
    // The dev server answers every /student page with the student app's page, as the API does.
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/student(\/[^.?]*)?(\?.*)?$/.test(request.url)) request.url = '/student/index.html';
        next();
      });
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.name === STUDENT_ENTRY,
      );
      if (!entry) return;
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const file = bundle[fileName];
        if (!file || files.has(fileName)) return;
        files.add(fileName);
        if (file.type !== 'chunk') return;
        file.viteMetadata?.importedCss.forEach((css) => files.add(css));
        file.viteMetadata?.importedAssets.forEach((asset) => files.add(asset));
        [...file.imports, ...file.dynamicImports].forEach(visit);
      };
      visit(entry.fileName);
      const manifest = JSON.parse(fs.readFileSync(here('./public/student/manifest.webmanifest'), 'utf8')) as {
        name: string;
        icons: { src: string }[];
      };
      const urls = [
        '/student/',
        '/student/manifest.webmanifest',
        ...manifest.icons.map((icon) => icon.src),
        '/student/icons/badge-96.png',
        ...[...files].sort().map((file) => `/${file}`),
      ];
      const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 16);
      const worker = fs
        .readFileSync(here('./src/features/student-app/service-worker/sw.js'), 'utf8')
        .replace('self.__STUDENT_PRECACHE__', () => JSON.stringify({ version, urls, appName: manifest.name }));
      this.emitFile({ type: 'asset', fileName: 'student/sw.js', source: worker });
    },
  };
}

/**
 * The entries (main.tsx, student-main.tsx) fix the page's language before they import the app
 * (`import('@/app/start-admin')`, issue 20: modules read their texts as they load). So that the
 * browser need not run the entry to learn of the app's chunks, each page's HTML preloads them too,
 * as it preloads the entry's own imports; they load while the entry (and a Hindi page's texts) does.
 */
function preloadStartedApp(): Plugin {
  return {
    name: 'preload-started-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const closure = (fileName: string, into = new Set<string>()) => {
          const file = bundle[fileName];
          if (!file || file.type !== 'chunk' || into.has(fileName)) return into;
          into.add(fileName);
          file.imports.forEach((imported) => closure(imported, into));
          return into;
        };
        // What the entry imports statically Vite preloads already.
        const preloaded = closure(chunk.fileName);
        const files = new Set<string>();
        for (const fileName of chunk.dynamicImports) {
          const file = bundle[fileName];
          if (file?.type !== 'chunk' || !file.name.startsWith('start-')) continue;
          for (const needed of closure(fileName)) if (!preloaded.has(needed)) files.add(needed);
        }
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The pages outside the signed-in shell: their modules stay out of the shell's chunk (app/routes.tsx). */
const PUBLIC_ROUTES = ['landing', 'login', 'register', 'forgot-password', 'invite', 'reset-password', 'not-found'];

/**
 * Fewer, larger chunks on a cold visit's path (issue 18). The entries import the app only once
 * the page's language is fixed, so rolldown splits what the admin app's start, the student app's,
 * the signed-in shell and the screens share into a chunk per set of importers: a cold dashboard
 * loaded 85 files, most under 1 kB, each a request (six at a time over HTTP/1.1) and a boundary
 * that gzip compresses apart. This plugin reads the module graph once the build has it and names
 * three chunks from it (the `test` and `name` of one code-splitting group):
 * - `app-start`: what the admin app's start (app/start-admin) needs and the student app never does;
 * - `start-common`: what both apps' starts need (React DOM, MUI's core, the store);
 * - `app-shell`: what the signed-in shell adds, except what a public page also needs (the
 *   sign-in page would otherwise load the shell).
 * Each is a set of modules closed under their imports but for the modules of the chunks loaded
 * before them (the entries' own, then the starts'), so no two of them import each other, and each
 * is imported where its modules were: after the language is fixed, as before. What runs before
 * the language is fixed (the entries' static imports, a Hindi page's lib/hindi-start with dayjs and
 * MUI's locales) is left alone: in a group it would bring that group's modules, which read their
 * texts as they load, in before the language.
 */
function startChunks() {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'start-chunks',
    apply: 'build',
    buildEnd() {
      chunkOf.clear();
      const source = (relative: string) => here(`./src/${relative}`);
      if (!this.getModuleInfo(source('main.tsx'))) return;
      const closure = (roots: string[], dynamic = false) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          const info = this.getModuleInfo(id);
          if (!info) return;
          seen.add(id);
          info.importedIds.forEach(visit);
          if (dynamic) info.dynamicallyImportedIds.forEach(visit);
        };
        roots.forEach(visit);
        return seen;
      };
      // What runs before the language is fixed: the entries and a Hindi page's start (lib/hindi-start).
      const entries = closure([source('main.tsx'), source('student-main.tsx'), source('lib/hindi-start.ts')]);
      const student = closure([source('features/student-app/start-student.tsx')], true);
      const studentStart = closure([source('features/student-app/start-student.tsx')]);
      const start = closure([source('app/start-admin.tsx')]);
      const shell = closure([source('app/guards/SignedInShell.tsx')]);
      const publicPages = closure(PUBLIC_ROUTES.map((route) => source(`app/routes/${route}.tsx`)));
      for (const id of start) {
        if (entries.has(id)) continue;
        if (!student.has(id)) chunkOf.set(id, 'app-start');
        else if (studentStart.has(id)) chunkOf.set(id, 'start-common');
      }
      for (const id of shell) {
        if (!entries.has(id) && !start.has(id) && !student.has(id) && !publicPages.has(id))
          chunkOf.set(id, 'app-shell');
      }
    },
  };
  return {
    plugin,
    group: {
      name: (id: string) => chunkOf.get(id) ?? null,
      test: (id: string) => chunkOf.has(id),
      // The sets above are closed already; capturing their imports too would pull in the entries' modules.
      includeDependenciesRecursively: false,
    },
  };
}

/**
 * React Router 7's package points every condition at its development build (remix-run/react-router
 * #12532): its warnings' code and their checks at run time came with every build. The production
 * build sits beside it, the same code with the warnings off; the builds take it (0.6 kB less gzipped
 * on every page), the dev server keeps the warnings.
 */
function productionReactRouter(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  return {
    name: 'production-react-router',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(path.dirname(packageJson), 'dist/production/index.mjs') },
        ],
      },
    }),
  };
}

const SHARED_SOURCE = /packages\/shared\/src\/.+\.ts$/;

/**
 * packages/shared mixes constants and helpers with the zod schemas built from them at module level
 * (`export const areaBodySchema = z.object(...)`): rolldown cannot tell that building a schema has
 * no effect outside it, so a screen importing one constant from such a module kept every schema of
 * it, and zod (24 kB gzipped) with them (issue 18). This plugin marks each top-level declaration of
 * a shared module as pure by wrapping its initializer in an annotated arrow call,
 * `/* @__PURE__ *\/ (() => <initializer>)()`, so one that nothing uses is left out of the bundle.
 * Evaluation is unchanged (the arrow runs where the initializer ran); only declarations whose
 * initializer calls or constructs something are wrapped.
 */
function pureSharedDeclarations(): Plugin {
  return {
    name: 'pure-shared-declarations',
    enforce: 'post',
    transform: {
      filter: { id: SHARED_SOURCE },
      handler(code, id) {
        if (!SHARED_SOURCE.test(id)) return null;
        const program = parseAst(code);
        const edits: { start: number; end: number }[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations) {
            const init = declarator.init;
            if (!init || !/Call|New|Member|Sequence|Conditional|Logical|Binary/.test(init.type)) continue;
            edits.push({ start: init.start, end: init.end });
          }
        }
        if (edits.length === 0) return null;
        let out = '';
        let at = 0;
        for (const { start, end } of edits) {
          out += `${code.slice(at, start)}/* @__PURE__ */ (() => ${code.slice(start, end)})()`;
          at = end;
        }
        return { code: out + code.slice(at), map: null };
      },
    },
  };
}

const start = startChunks();

export default defineConfig({
  root: here('.'),
  plugins: [
    react(),
    productionReactRouter(),
    studentApp(),
    pureSharedDeclarations(),
    preloadStartedApp(),
    start.plugin,
  ],
  resolve: {
    alias: { '@': here('./src') },
  },
  server: {
    proxy: {
      // The API runs beside the dev server; in production it serves this build itself.
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Source maps are 12 MB of our source code: built only when asked for (WEB_SOURCEMAPS=true),
    // so a production server does not hand them to every browser.
    sourcemap: process.env.WEB_SOURCEMAPS === 'true',
    rolldownOptions: {
      // packages/shared is plain declarations (schemas, messages, constants): a screen that
      // imports one message must not pull every feature's zod schemas into its chunk.
      treeshake: { moduleSideEffects: [{ test: /packages\/shared\/src\//, sideEffects: false }] },
      output: {
        // MUI's text field and what it always brings (InputBase, the Select inside it with its Menu
        // and Popover, FormControl): one chunk, which the sign-in form and nearly every /app screen
        // load, rather than the four that rolldown's automatic split made of it (issue 18: each
        // boundary costs compression and requests). Only the text field's own modules: what they
        // share with others (Modal, Paper, List, the transitions) stays where rolldown puts it, since
        // a card, the app bar or the sidebar's drawer would otherwise bring the whole group to a
        // first paint with no text field (the dashboard's).
        advancedChunks: {
          groups: [
            {
              name: 'mui-text-field',
              test: /node_modules\/@mui\/material\/(TextField|InputBase|Input|FilledInput|OutlinedInput|InputLabel|FormLabel|FormControl|FormHelperText|InputAdornment|Select|NativeSelect|Menu|MenuList|Popover|TextareaAutosize)\//,
              includeDependenciesRecursively: false,
            },
            start.group,
          ],
        },
      },
    },
  },
});
