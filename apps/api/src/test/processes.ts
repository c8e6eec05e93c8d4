import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { copyTemplateCluster } from './cluster-template';

// Real processes for the operations tests: the server as `npm start` runs it and the
// ops command line as `npm run backup`/`npm run restore` run it, both from the bundle
// test/global-setup.ts built for this run (apps/api/build.mjs).
const serverFile = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const opsFile = fileURLToPath(new URL('../../dist/ops.js', import.meta.url));

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Everything a test started, to kill and remove when it ends (see `cleanUpProcesses`). */
const children: ChildProcess[] = [];
const dirs: string[] = [];

export function tempDataDir(prefix = 'sla-ops-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the embedded postgres user must reach it when running as root
  dirs.push(dir);
  return dir;
}

/**
 * A DATA_DIR as a server's first start leaves it, with a fresh cluster copied from the run's
 * template instead of made by initdb: for tests of what happens after that first start.
 */
export function tempDataDirWithCluster() {
  const dir = tempDataDir();
  copyTemplateCluster(inject('clusterTemplate'), dir);
  return dir;
}

function startNode(file: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export const startServer = (env: Record<string, string>) => startNode(serverFile, [], env);

/** Runs `npm run backup`/`restore`'s program to its end. */
export async function runOps(args: string[], env: Record<string, string>) {
  const run = startNode(opsFile, args, env);
  const code = await run.exited;
  return { code, output: run.output() };
}

export async function waitForUrl(server: Started): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /running at (https?:\/\/\S+)/.exec(server.output());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${server.output()}`);
}

/** SIGTERM, and the exit code once the server has drained and stopped. */
export async function stopServer(server: Started) {
  server.child.kill('SIGTERM');
  return server.exited;
}

export function cleanUpProcesses() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
