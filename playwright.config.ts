import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * `E2E_LANGUAGE=hi` runs these journeys a second time in Hindi (issue 20): every browser starts
 * with हिंदी chosen on the device, and the journeys read the catalogue's texts in Hindi
 * (e2e/support.ts), so each step checks the Hindi screen. `npm run test:e2e` runs both.
 */
const HINDI = process.env.E2E_LANGUAGE === 'hi';
const HINDI_JOURNEYS = ['foundation.spec.ts', 'areas-seats.spec.ts', 'students.spec.ts', 'subscriptions.spec.ts'];

/**
 * Browser journeys in Debian's Chromium against the production build, served by
 * the real server on its own embedded PostgreSQL in a fresh data directory.
 */
export default defineConfig({
  testDir: 'e2e',
  ...(HINDI ? { testMatch: HINDI_JOURNEYS } : {}),
  // Two spec files at a time, each on its own libraries (the journeys share no data), the
  // tests of a file in order: one worker left one of two cores idle while Chromium waited.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The loopback SMTP server the server's SMTP_URL names (issue 16); mail lands in e2e/mailbox.ts's folder.
  globalSetup: './e2e/mail-server.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    ...(HINDI
      ? {
          storageState: {
            cookies: [],
            origins: [{ origin: `http://127.0.0.1:${PORT}`, localStorage: [{ name: 'language', value: 'hi' }] }],
          },
        }
      : {}),
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf .data-e2e-${PORT} && node apps/api/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Ctrl-C, as a person stops it: the server finishes, then stops its embedded PostgreSQL
    // (which runs in a process group of its own, so a SIGKILL of the server's group would
    // leave it running).
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.data-e2e-${PORT}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Push goes to the fake Google server the notifications journey starts on PORT + 1.
      FCM_SERVICE_ACCOUNT_FILE: 'e2e/fixtures/fcm-service-account.json',
      FCM_API_BASE: `http://127.0.0.1:${PORT + 1}`,
      FCM_TOKEN_URI: `http://127.0.0.1:${PORT + 1}/token`,
      // Web Push to the loopback push service the student app's journey starts (http://127.0.0.1).
      WEB_PUSH_ALLOW_LOOPBACK: 'true',
      // Mail (issue 16) to the loopback SMTP server of e2e/mail-server.ts on PORT + 2.
      SMTP_URL: `smtp://127.0.0.1:${PORT + 2}`,
      // Links in mail start with it (the server refuses SMTP_URL without it).
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      MAIL_FROM: 'Study Library <no-reply@library.test>',
    },
  },
});
