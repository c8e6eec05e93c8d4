// Bundles the API for production: our own code and @app/shared (TypeScript source)
// go into dist/server.js (the server) and dist/ops.js (`npm run backup`/`restore`);
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@app/'));

const result = await build({
  absWorkingDir: here,
  // Both beside src/paths.ts's `../drizzle` and `../../web/dist`: dist/ sits where src/ does.
  entryPoints: { server: 'src/server.ts', ops: 'src/ops/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
  write: false,
});

// Each file is written beside its place and renamed over it, so a server or test starting
// while the API is rebuilt loads the old bundle or the new one, never half of one.
fs.mkdirSync(path.join(here, 'dist'), { recursive: true });
for (const file of result.outputFiles) {
  const partial = `${file.path}.partial-${process.pid}`;
  fs.writeFileSync(partial, file.contents);
  fs.renameSync(partial, file.path);
}
