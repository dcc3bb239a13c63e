// npm start and the browser tests build the console only when its sources changed since the last build, so a restart is quick.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'package-lock.json',
];
const builtIndex = 'apps/web/dist/index.html';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt > Math.max(...sources.map(newestMtime))) {
  console.log('Console build is up to date.');
} else {
  execSync('npm run build -w apps/web', { stdio: 'inherit' });
}
