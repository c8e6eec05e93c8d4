// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web build, which the
// API serves to browsers that accept them (@fastify/static `preCompressed`, plugins/spa.ts).
// The smallest files take seconds (Brotli 11, gzip 9); FAST_BUILD=1 (the browser tests' build,
// scripts/build-for-tests.mjs) takes a fiftieth of that for copies about 9% larger.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
// WebAssembly (the Check-in screen's QR reader, 1 MB) compresses to about a third too.
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest|wasm)$/;
const fast = process.env.FAST_BUILD === '1';
const BROTLI_QUALITY = fast ? 5 : zlib.constants.BROTLI_MAX_QUALITY;
const GZIP_LEVEL = fast ? 6 : zlib.constants.Z_BEST_COMPRESSION;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: GZIP_LEVEL }));
  files++;
  before += data.length;
  after += brotli.length;
}
process.stdout.write(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with Brotli ${BROTLI_QUALITY}\n`,
);
