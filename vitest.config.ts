import { defineConfig } from 'vitest/config';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, runs every file one after another on
    // a two-core machine while the other core idles: the main process mostly waits, and the
    // API tests wait on PostgreSQL and the servers they start.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: {
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
