// Which server test suites `npm run test:fast` runs: the folders of the domains a branch changed, or all of them.
const MODULES = 'apps/server/src/modules/';
/** Files every server suite depends on besides the server's own code. */
const SHARED = ['packages/contract/', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'vitest.config.ts'];

/**
 * 'all' when a changed file reaches every server suite (anything under apps/server outside a domain folder: db, http,
 * lib, realtime, jobs, whatsapp, the test harness; the contract; dependencies), else the changed domain folders.
 */
export function serverSuitesFor(changedFiles) {
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
  return [...folders].sort();
}
