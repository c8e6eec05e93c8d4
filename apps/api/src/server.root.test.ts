import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedClusterDir, ROOT_CLUSTER_BASE } from './db/embedded-location';
import { cleanUpProcesses, startServer, waitForUrl } from './test/processes';

// `npm start` as root on a fresh VPS, with the checkout (and so DATA_DIR) in /root, mode 700:
// PostgreSQL runs as the postgres user, who cannot reach it.

const asRoot = process.getuid?.() === 0;
const made: string[] = [];

afterAll(() => {
  cleanUpProcesses();
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  if (fs.existsSync(ROOT_CLUSTER_BASE) && fs.readdirSync(ROOT_CLUSTER_BASE).length === 0)
    fs.rmdirSync(ROOT_CLUSTER_BASE);
});

describe('the server started by root', () => {
  it.skipIf(!asRoot)(
    'starts with a DATA_DIR the postgres user cannot traverse, keeping the cluster where it can (skipped unless root: only root runs PostgreSQL as another user)',
    async () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-root-home-')); // like /root: mode 700
      made.push(home);
      const checkout = fs.mkdtempSync(path.join(home, 'checkout-'));
      fs.chmodSync(home, 0o700);
      fs.chmodSync(checkout, 0o700);
      const dataDir = path.join(checkout, 'data');
      const clusterDir = embeddedClusterDir(dataDir);
      made.push(path.dirname(clusterDir));
      expect(clusterDir.startsWith(`${ROOT_CLUSTER_BASE}/`)).toBe(true);

      const server = startServer({ DATA_DIR: dataDir });
      const url = await waitForUrl(server);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(server.output()).toContain(`Embedded database: ${clusterDir}`);
      expect(fs.existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(fs.readFileSync(path.join(path.dirname(clusterDir), 'DATA_DIR'), 'utf8').trim()).toBe(dataDir);
      expect(embeddedClusterDir(dataDir)).toBe(clusterDir); // backup, restore and demo find it there too

      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
    },
    120_000,
  );
});
