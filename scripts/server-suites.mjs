// Which server test suites `npm run test:fast` runs: the folders of the domains a branch changed, or all of them.
const MODULES = 'apps/server/src/modules/';
/** Files every server suite depends on besides the server's own code. */
const SHARED = ['packages/contract/', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'vitest.config.ts'];

/**
 * 'all' when a changed file reaches every server suite (anything under apps/server outside a domain folder: db, http,
 * lib, realtime, jobs, whatsapp, the test harness; the contract; dependencies), else the changed domain folders.
 */
export function serverSuitesFor(changedFiles, dependentsOf = () => []) {
  const folders = new Set();
  for (const file of changedFiles) {
    const domain = file.startsWith(MODULES) ? file.slice(MODULES.length).split('/') : null;
    if (domain && domain.length > 1) folders.add(`${MODULES}${domain[0]}/`);
    else if (
      file.startsWith('apps/server/') ||
      SHARED.some((shared) => file === shared || (shared.endsWith('/') && file.startsWith(shared)))
    ) {
      return 'all';
    }
  }
  // A domain's suites also cover the domains that use it (they import its index.ts), and theirs in turn.
  for (const folder of folders) for (const dependent of dependentsOf(folder)) folders.add(dependent);
  return [...folders].sort();
}

/**
 * Which domain folders import each domain's index.ts, from the domains' source files (`files`: path and text, tests
 * left out): a map from a domain folder to the folders that use it.
 */
export function domainDependents(files) {
  const dependents = new Map();
  for (const { path: file, text } of files) {
    const [from] = file.slice(MODULES.length).split('/');
    for (const [, to] of text.matchAll(/from '\.\.\/([\w-]+)\/index\.ts'/g)) {
      if (to === from) continue;
      const key = `${MODULES}${to}/`;
      if (!dependents.has(key)) dependents.set(key, new Set());
      dependents.get(key).add(`${MODULES}${from}/`);
    }
  }
  return (folder) => [...(dependents.get(folder) ?? [])];
}
