// The build the browser tests run against (`npm run test:e2e`): `npm run build`, the
// production build `npm start` makes, with two differences that change no served byte once
// decompressed:
// - FAST_BUILD=1: the web build's .br/.gz copies at quick levels (Brotli 5, gzip 6) instead
//   of the slowest (11 and 9); the budget test gzips the bodies it receives itself.
// - The web build is skipped when the one in apps/web/dist was made by this script from the
//   same sources and settings (a hash of them is kept outside dist, with index.html's
//   stamp, so any other build in between is noticed). The API bundle takes a second and
//   is always rebuilt.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const stampFile = path.join(root, 'node_modules/.cache/study-library/web-build.json');

/** Everything the web build reads that can change between two runs on one checkout. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/student',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function sourcesHash() {
  const hash = createHash('sha256');
  hash.update(`WEB_SOURCEMAPS=${process.env.WEB_SOURCEMAPS ?? ''}\n`);
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Changes whenever any build rewrites dist (vite empties it first). */
function distStamp() {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  const { mtimeMs, ino, size } = fs.statSync(index);
  return `${ino}:${size}:${mtimeMs}`;
}

const readStamp = () => {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
};

const run = (args, env = {}) =>
  execFileSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const sources = sourcesHash();
const previous = readStamp();
if (previous && previous.sources === sources && previous.dist === distStamp()) {
  process.stdout.write('Web build is up to date with its sources: not rebuilt.\n');
} else {
  fs.rmSync(stampFile, { force: true });
  run(['run', 'build', '-w', 'apps/web'], { FAST_BUILD: '1' });
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify({ sources, dist: distStamp() }));
}
run(['run', 'build', '-w', 'apps/api']);
