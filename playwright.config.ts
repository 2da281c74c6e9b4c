import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Browser tests against the built SPA and the embedded stack, started fresh (new data folder, seeded
 * with the real dataset) on its own ports. Chromium: Playwright's own if installed, else Debian's
 * /usr/bin/chromium (CHROMIUM_PATH overrides). Override ports with E2E_PORT, E2E_PG_PORT,
 * E2E_SMTP_PORT, E2E_MAIL_WEB_PORT when several runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const pgPort = Number(process.env.E2E_PG_PORT ?? 54410);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 1225);
const mailWebPort = Number(process.env.E2E_MAIL_WEB_PORT ?? 1280);
const dataDir = process.env.E2E_DATA_DIR ?? `.test-data/e2e-${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const E2E = { baseURL: `http://127.0.0.1:${port}`, mailApi: `http://127.0.0.1:${mailWebPort}` };
process.env.E2E_BASE_URL = E2E.baseURL;
process.env.E2E_MAIL_API = E2E.mailApi;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E.baseURL,
    trace: 'retain-on-failure',
    // The service worker (decision 047) would serve pages and answers from its caches and hide requests from
    // page.route(): specs see the network as they always have; tests/e2e/offline-worker.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: '**/admin-requests.spec.ts' },
    // 'Approve all' decides every pending request of the stack: it runs after the specs whose own
    // requests must stay pending until they decide them (contributions).
    { name: 'moderation', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: '**/admin-requests.spec.ts', dependencies: ['chromium'] },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx src/server/node.ts`,
    url: `${E2E.baseURL}/api/website-settings`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      MAILDEV_SMTP_PORT: String(smtpPort),
      MAILDEV_WEB_PORT: String(mailWebPort),
      SMTP_PORT: String(smtpPort),
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'admin-e2e-password',
      NODE_ENV: 'test',
      // every user of the run registers and signs in from 127.0.0.1: the per-IP auth limits (20 sign-up mails an
      // hour) would refuse the last specs; per-address limits and the rate-limit tests (vitest) are unchanged
      AUTH_IP_LIMIT_SCALE: '10',
    },
  },
});
