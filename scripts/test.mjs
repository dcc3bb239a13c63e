// npm test: unit and server integration tests (Vitest), then browser tests (Playwright); prints one closing tally.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(os.tmpdir(), 'wac-test-report-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const e2eStatus = run('npm', ['run', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
const v = read(vitestReport);
const p = read(playwrightReport);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
// A test file can fail outside its tests (a hook timing out, an import throwing) while Vitest still exits 0: it counts.
const failedFiles = v?.numFailedTestSuites ?? 0;
const failedOutsideTests = failedFiles > 0 && (v?.numFailedTests ?? 0) === 0 ? failedFiles : 0;
const failed = (v?.numFailedTests ?? 0) + failedOutsideTests + (p?.stats?.unexpected ?? 0);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
const ok = vitestStatus === 0 && e2eStatus === 0 && v !== null && p !== null && v.success !== false && failedFiles === 0;
console.log(`\n${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
