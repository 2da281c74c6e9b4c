#!/usr/bin/env node
// Makes sure a Chromium exists for Playwright: CHROMIUM_PATH, Debian's /usr/bin/chromium, or — when
// running as root on Debian/Ubuntu — installs Debian's `chromium` package (Playwright's own browser
// download does not work on machines without general internet access).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(candidate)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium not found: installing Debian package `chromium`…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  }
  if (existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error('No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH.');
process.exit(1);
