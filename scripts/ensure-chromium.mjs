// Browser tests need Debian's Chromium; npm cannot install it, so `npm test` does (CONTRACT §1).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install Debian's package: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log(`Chromium is missing at ${chromium}: installing Debian's chromium package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(chromium)) {
    console.error(`apt-get finished but ${chromium} is still missing`);
    process.exit(1);
  }
}
