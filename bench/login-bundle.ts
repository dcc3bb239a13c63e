// Raw and gzip (level 9) size of every JavaScript file the browser loads for /login, in headless Chromium.
// Run: npx tsx bench/login-bundle.ts   (builds apps/web first when apps/web/dist is missing)

import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { formatTable, machineLine, removeDir, repoRoot, startProcess, startServer, stopProcess, tempDataDir } from './lib/processes.ts';

const distIndex = path.join(repoRoot, 'apps/web/dist/index.html');

async function buildWebIfMissing(): Promise<boolean> {
  if (existsSync(distIndex)) return false;
  const build = startProcess({ label: 'web build', command: 'npm', args: ['run', 'build', '-w', 'apps/web'] });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 300_000).unref());
  const result = await Promise.race([build.exited, timeout]);
  await stopProcess(build);
  if (result?.code !== 0) throw new Error(`web build failed (${result ? `code ${result.code}` : 'timed out'}):\n${build.output()}`);
  return true;
}

interface Loaded {
  url: string;
  status: number;
  contentType: string;
  contentEncoding: string;
  raw: number;
  gzip: number;
}

const isJavaScript = (contentType: string, url: string, resourceType: string) =>
  resourceType === 'script' || /javascript|ecmascript/.test(contentType) || /\.m?js(\?|$)/.test(new URL(url).pathname);

console.log('bench/login-bundle: JavaScript loaded by headless Chromium for /login until network idle');
console.log(machineLine());

const built = await buildWebIfMissing();
console.log(built ? 'apps/web/dist was missing: built it with npm run build -w apps/web.' : 'apps/web/dist exists: served as built.');

const dataDir = await tempDataDir('bundle');
const server = await startServer('server', dataDir);
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const page = await browser.newPage();
  const scripts: Promise<Loaded | null>[] = [];
  const others: Promise<{ contentType: string; raw: number }>[] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    const contentType = headers['content-type'] ?? '';
    const url = response.url();
    if (isJavaScript(contentType, url, response.request().resourceType())) {
      scripts.push(
        response
          .body()
          .then((body) => ({
            url,
            status: response.status(),
            contentType,
            contentEncoding: headers['content-encoding'] ?? 'none',
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          }))
          .catch(() => null),
      );
    } else {
      others.push(
        response
          .body()
          .then((body) => ({ contentType: contentType.split(';')[0] || 'unknown', raw: body.length }))
          .catch(() => ({ contentType: contentType.split(';')[0] || 'unknown', raw: 0 })),
      );
    }
  });
  const response = await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle', timeout: 60_000 });
  const loaded = (await Promise.all(scripts)).filter((s): s is Loaded => s !== null);
  const rest = await Promise.all(others);
  const passwordFields = await page.locator('input[type="password"]').count();
  console.log(
    `GET /login -> ${response?.status()}; page ended at ${new URL(page.url()).pathname}, title "${await page.title()}", ` +
      `password field ${passwordFields ? 'present (login form rendered)' : 'NOT found'}`,
  );
  if (!passwordFields) {
    const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
    console.log(`page text: "${text.slice(0, 200)}"`);
  }
  console.log('');

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const rows = loaded.map((s) => [
    new URL(s.url).pathname,
    String(s.status),
    `${s.raw} (${kb(s.raw)})`,
    `${s.gzip} (${kb(s.gzip)})`,
    s.contentEncoding,
  ]);
  const rawTotal = loaded.reduce((sum, s) => sum + s.raw, 0);
  const gzipTotal = loaded.reduce((sum, s) => sum + s.gzip, 0);
  rows.push([
    `total (${loaded.length} file${loaded.length === 1 ? '' : 's'})`,
    '',
    `${rawTotal} (${kb(rawTotal)})`,
    `${gzipTotal} (${kb(gzipTotal)})`,
    '',
  ]);
  console.log(formatTable(['JavaScript file', 'status', 'raw bytes', 'gzip -9 bytes', 'served content-encoding'], rows));

  const byType = new Map<string, { n: number; raw: number }>();
  for (const r of rest) {
    const entry = byType.get(r.contentType) ?? { n: 0, raw: 0 };
    byType.set(r.contentType, { n: entry.n + 1, raw: entry.raw + r.raw });
  }
  console.log(
    `\nOther responses (not counted above): ${[...byType.entries()].map(([type, v]) => `${v.n} ${type} ${kb(v.raw)}`).join(', ') || 'none'}`,
  );
  console.log('gzip -9 = node:zlib gzipSync level 9 of each response body as the browser received it (decoded).');
} finally {
  await browser.close();
  const stop = await stopProcess(server.started, dataDir);
  console.log(
    `Stopped: server ${stop.exit}${stop.leftovers.length ? `; LEFT OVER: ${stop.leftovers.join('; ')}` : ', nothing left over'}.`,
  );
  await removeDir(dataDir);
}
