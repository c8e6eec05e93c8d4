// Server memory while students are created with large photos at once (issue 12, item 13).
// Builds nothing: run `npm run build` first, then
//
//   npm run bench:image-uploads
//
// For each wave size in BENCH_WAVES (1,4,8,16) it starts the built server (`node
// apps/api/dist/server.js`, or BENCH_SERVER) on a fresh embedded database in a temporary
// DATA_DIR, registers a library, creates one student to warm up, then creates that many at once,
// each with three BENCH_EDGE × BENCH_EDGE PNG images (7000: 49 megapixels; PNG because JPEG is
// decoded at a fraction of its size when it is shrunk, so PNG is the costly case), while it samples
// the server's resident memory (VmRSS of /proc/<pid>/status) every 10 ms. It prints, per wave,
// the memory before, the peak, the rise, how long the wave took and the answers, then stops
// that server and removes its directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { studentFields, studentForm } from '../apps/api/src/modules/students/students.fixtures';
import { registrationBody } from '../apps/api/src/test/helpers';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverFile = path.resolve(root, process.env.BENCH_SERVER ?? 'apps/api/dist/server.js');
const EDGE = Number(process.env.BENCH_EDGE ?? 7000);
const WAVES = (process.env.BENCH_WAVES ?? '1,4,8,16').split(',').map(Number);

const say = (line = '') => process.stdout.write(`${line}\n`);
const mb = (kib: number) => `${(kib / 1024).toFixed(0)} MB`;

function residentKib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** A PNG of smooth gradients with some texture, under the 5 MB upload limit. */
async function bigPhoto(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(EDGE * EDGE * 3);
  for (let y = 0; y < EDGE; y += 1) {
    for (let x = 0; x < EDGE; x += 1) {
      const offset = (y * EDGE + x) * 3;
      pixels[offset] = (x * 255) / EDGE;
      pixels[offset + 1] = (y * 255) / EDGE;
      pixels[offset + 2] = (((x + y) >> 6) * seed) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width: EDGE, height: EDGE, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

interface Server {
  pid: number;
  base: string;
  stop(): Promise<void>;
}

/** The built server on a fresh embedded database in a temporary DATA_DIR. */
async function startServer(): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-bench-images-'));
  fs.chmodSync(dataDir, 0o755); // the embedded postgres user must reach it when running as root
  const child = spawn(process.execPath, [serverFile], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const match = /running at (http:\/\/\S+)/.exec(output);
    if (match?.[1]) return { pid: child.pid as number, base: match[1], stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A library with its owner signed in, and a function that creates one student with the big images. */
async function signedInLibrary(base: string, files: Record<string, { bytes: Buffer; name: string; type: string }>) {
  const call = async (method: string, url: string, token: string | undefined, body: unknown) => {
    const response = await fetch(base + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as { data: { token?: string } };
  };
  const registration = registrationBody();
  await call('POST', '/api/auth/register/library', undefined, registration);
  const { token } = (
    await call('POST', '/api/auth/login', undefined, {
      identifier: registration.owner_email,
      password: registration.password,
    })
  ).data;
  return () => call('POST', '/api/user', token, studentForm(studentFields(), files));
}

async function main() {
  if (!fs.existsSync(serverFile)) throw new Error(`${serverFile} is missing: run npm run build first.`);
  say(`Making three ${EDGE}×${EDGE} PNG images...`);
  const images = await Promise.all([1, 2, 3].map(bigPhoto));
  const files = Object.fromEntries(
    ['profile', 'front_image', 'back_image'].map((field, index) => [
      field,
      { bytes: images[index] as Buffer, name: `${field}.png`, type: 'image/png' },
    ]),
  );
  say(`Upload sizes: ${images.map((image) => `${(image.length / 1e6).toFixed(1)} MB`).join(', ')}`);
  say(`Server: ${path.relative(root, serverFile)}, a fresh one for each wave; ${os.cpus().length} cores`);
  say('');
  say('| students created at once | memory before | peak | rise | wave took | answers |');
  say('| ---: | ---: | ---: | ---: | ---: | --- |');
  for (const wave of WAVES) {
    const server = await startServer();
    try {
      const create = await signedInLibrary(server.base, files);
      await create(); // warm-up: sharp, the connection pool and the code paths are loaded once
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = residentKib(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, residentKib(server.pid))), 10);
      const started = performance.now();
      const outcomes = await Promise.allSettled(Array.from({ length: wave }, create));
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
      const answers = failed === 0 ? `${wave} × 201` : `${wave - failed} × 201, ${failed} failed`;
      say(`| ${wave} | ${mb(before)} | ${mb(peak)} | ${mb(peak - before)} | ${seconds.toFixed(1)} s | ${answers} |`);
    } finally {
      await server.stop();
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
