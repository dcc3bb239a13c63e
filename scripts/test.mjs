// npm test: three tiers, unit (Vitest), server integration (Vitest, real PostgreSQL), browser (Playwright); prints each
// tier's wall time against the budget and one closing tally. `--fast` (npm run test:fast): unit and the server suites of
// the domains changed against main (TEST_FAST_BASE), no browser; `--fast --all`: every server suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { domainDependents, serverSuitesFor } from './server-suites.mjs';

const fast = process.argv.includes('--fast');
const allServerSuites = !fast || process.argv.includes('--all');
const BUDGET_MINUTES = fast ? 5 : 12;
const reports = mkdtempSync(path.join(os.tmpdir(), 'wac-test-report-'));

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitestTier(name, args) {
  const report = path.join(reports, `${name}.json`);
  const status = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const v = read(report);
  // A test file can fail outside its tests (a hook timing out, an import throwing) while Vitest still exits 0: it counts.
  const failedFiles = v?.numFailedTestSuites ?? 0;
  const failedOutsideTests = failedFiles > 0 && (v?.numFailedTests ?? 0) === 0 ? failedFiles : 0;
  return {
    ok: status === 0 && v !== null && v.success !== false && failedFiles === 0,
    passed: v?.numPassedTests ?? 0,
    failed: (v?.numFailedTests ?? 0) + failedOutsideTests,
    skipped: (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0),
  };
}

function browserTier() {
  const report = path.join(reports, 'playwright.json');
  const status = run('npm', ['run', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const p = read(report);
  return {
    ok: status === 0 && p !== null,
    passed: p?.stats?.expected ?? 0,
    failed: p?.stats?.unexpected ?? 0,
    skipped: p?.stats?.skipped ?? 0,
  };
}

function changedFiles(base) {
  const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
  return [
    ...git('diff', '--name-only', '--no-renames', `${base}...HEAD`),
    ...git('diff', '--name-only', '--no-renames', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ];
}

/** The domains' source files (tests left out), to find which domains use which. */
function domainSources() {
  const root = 'apps/server/src/modules';
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('/test/'))
    .map((file) => ({ path: `${root}/${file}`, text: readFileSync(path.join(root, file), 'utf8') }));
}

/** The server suites to run: [] for all of them, else the changed domain folders that hold tests (null when none). */
function serverSuiteFilters() {
  if (allServerSuites) return [];
  const base = process.env.TEST_FAST_BASE || 'main';
  let suites;
  try {
    suites = serverSuitesFor(changedFiles(base), domainDependents(domainSources()));
  } catch {
    console.log(`No diff against ${base}: running every server suite.`);
    return [];
  }
  if (suites === 'all') {
    console.log(`Changes against ${base} reach every domain: running every server suite.`);
    return [];
  }
  const withTests = suites.filter((folder) => {
    try {
      return readdirSync(folder, { recursive: true }).some((file) => String(file).endsWith('.test.ts'));
    } catch {
      return false;
    }
  });
  console.log(
    withTests.length
      ? `Server suites of the domains changed against ${base}, and of those that use them: ${withTests.join(' ')}`
      : `No domain changed against ${base}: no server suites (npm run test:fast -- --all runs them all).`,
  );
  return withTests.length ? withTests : null;
}

function clock(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}
const tiers = [];
function tier(name, runTier) {
  const start = performance.now();
  const result = runTier();
  tiers.push({ name, ms: performance.now() - start, ...result });
}

const serverFilters = serverSuiteFilters();
tier('unit', () => vitestTier('unit', ['--project', 'contract', '--project', 'repo', '--project', 'web']));
if (serverFilters) tier('server', () => vitestTier('server', ['--project', 'server', ...serverFilters]));
if (!fast) tier('browser', browserTier);

const total = tiers.reduce((sum, t) => sum + t.ms, 0);
const budget = BUDGET_MINUTES * 60_000;
console.log(`\n${tiers.map((t) => `${t.name} ${clock(t.ms)}`).join(', ')}; total ${clock(total)} (budget ${BUDGET_MINUTES} min)`);
for (const { name, ms } of [...tiers, { name: 'total', ms: total }]) {
  if (ms > budget) console.log(`OVER BUDGET: ${name} took ${clock(ms)}, more than ${BUDGET_MINUTES} min`);
}
const sum = (key) => tiers.reduce((n, t) => n + t[key], 0);
const ok = tiers.every((t) => t.ok);
const failed = sum('failed');
const skipped = sum('skipped');
console.log(`${sum('passed')} passed, ${ok ? failed : Math.max(failed, 1)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
