// Browser tests use the system Chromium: CHROMIUM_PATH, else /usr/bin/chromium, installed from Debian when we can.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(wanted)) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (process.env.CHROMIUM_PATH || !canApt) {
    console.error(
      `No Chromium at ${wanted}. Install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
