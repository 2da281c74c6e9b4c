import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../src/server/stack.ts';
import { startDevMailbox, type DevMailbox } from '../../src/server/mail/dev-mailbox.ts';
import { freePort } from './free-port.ts';

let stack: Stack | undefined;
let dir: string | undefined;
let mailbox: DevMailbox | undefined;

/**
 * Starts ONE real embedded Postgres for the whole vitest run (or uses TEST_DATABASE_URL),
 * migrated and seeded with the shipped dataset, and hands its URL to the test files
 * (`inject('databaseUrl')`). Each test file creates its own data with unique slugs.
 */
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = mkdtempSync(path.join(tmpdir(), 'city-directory-test-'));
    chmodSync(dir, 0o755);
    const port = await freePort();
    stack = await startStack({ dataDir: dir, embeddedPort: port });
    url = stack.databaseUrl;
    await stack.sql.end();
  }
  project.provide('databaseUrl', url);
  // One dev mailbox (maildev) per run: auth tests send real mail through SMTP and read codes from its API.
  mailbox = await startDevMailbox({ smtpPort: await freePort(), webPort: await freePort() });
  project.provide('maildevSmtpPort', mailbox.smtpPort);
  project.provide('maildevWebUrl', mailbox.webUrl);
}

export async function teardown() {
  await mailbox?.stop();
  await stack?.embedded?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    maildevSmtpPort: number;
    maildevWebUrl: string;
  }
}
