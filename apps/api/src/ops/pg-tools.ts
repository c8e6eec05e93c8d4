import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EMBEDDED_POSTGRES_MAJOR } from '../db/embedded';

/** A failure the operator can act on: printed as it is, without a stack trace. */
export class OpsError extends Error {}

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/**
 * The PostgreSQL client program `name`: from PG_BIN_DIR when set, else the PATH.
 * embedded-postgres ships no client tools, so backups use the machine's
 * (Debian/Ubuntu: `apt install postgresql-client`).
 */
export function findPgTool(name: PgTool, env: NodeJS.ProcessEnv = process.env): string {
  const dirs = env.PG_BIN_DIR ? [env.PG_BIN_DIR] : (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new OpsError(
    `${name} was not found${env.PG_BIN_DIR ? ` in PG_BIN_DIR (${env.PG_BIN_DIR})` : ' on the PATH'}. ` +
      `Install the PostgreSQL client programs, version ${EMBEDDED_POSTGRES_MAJOR} or newer ` +
      '(Debian/Ubuntu: apt install postgresql-client), or set PG_BIN_DIR to the folder holding them.',
  );
}

interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a program to its end; a non-zero exit becomes an OpsError carrying its stderr. */
export function runProgram(
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: NodeJS.ReadableStream | string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new OpsError(`${path.basename(file)} could not run: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new OpsError(`${path.basename(file)} failed (exit ${code}):\n${stderr.trim()}`));
    });
    child.stdin.on('error', () => undefined); // the child's exit code tells what went wrong
    if (typeof options.input === 'string') child.stdin.end(options.input);
    else if (options.input) options.input.pipe(child.stdin);
    else child.stdin.end();
  });
}

/** The major version a client program reports (`pg_dump (PostgreSQL) 15.20 (Debian ...)` → 15). */
export async function pgToolMajor(file: string): Promise<number> {
  const { stdout } = await runProgram(file, ['--version']);
  const major = parsePgToolMajor(stdout);
  if (major === undefined) throw new OpsError(`Could not read the version of ${file}: ${stdout.trim()}`);
  return major;
}

/** The major version in a client program's `--version` line, if it has one. */
export function parsePgToolMajor(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return match?.[1] ? Number.parseInt(match[1], 10) : undefined;
}

/**
 * How a client program reaches a postgres:// URL: `--dbname` without the password,
 * which goes in PGPASSWORD rather than on the command line (where `ps` would show
 * it to every user of the machine).
 */
export function libpqConnection(connectionString: string, env: NodeJS.ProcessEnv = process.env) {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbnameArg: `--dbname=${url.toString()}`,
    env: {
      ...env,
      ...(password ? { PGPASSWORD: password } : {}),
      PGAPPNAME: 'study-library-admin-ops',
      PGCONNECT_TIMEOUT: '10',
    } as NodeJS.ProcessEnv,
  };
}
