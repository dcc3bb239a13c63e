// The server's structure, for this checkout and any other (--tree name=path|commit), in one table: folder-level
// import cycles, imports past a domain's index.ts, importers of app-context.ts, the ways domains are registered and
// services built, repeated blocks, file sizes and the test files that boot the whole app. Reads files, runs nothing of
// the server. The measuring is scripts/architecture/ (unit-tested there); this file prints.
// Run: npm run bench:architecture [-- --tree before=60aba33 --tree main=/path/to/checkout --importers lib/bind-deps.ts]
import { parseArgs } from 'node:util';
import { measureTree, type TreeFigures } from '../scripts/architecture/measure-tree.ts';
import { domainOf } from '../scripts/architecture/source-graph.ts';
import { distinctShapes } from '../scripts/architecture/wiring-shapes.ts';
import { checkoutOf } from './lib/checkouts.ts';
import { formatTable, repoRoot } from './lib/processes.ts';

const { values: args } = parseArgs({
  options: { tree: { type: 'string', multiple: true }, importers: { type: 'string', multiple: true } },
});
const trees = [...(args.tree ?? []).map((spec) => checkoutOf(spec, { install: false })), { name: 'this checkout', tree: repoRoot }];
const importersOf = args.importers ?? [];

const measured = trees.map(({ name, tree }) => {
  console.log(`${name}: ${tree}`);
  return { name, figures: measureTree(tree, importersOf) };
});

const many = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`;
const knots = (found: string[][]) => (found.length === 0 ? '0' : `${found.length} (${found.map((c) => c.length).join(' + ')} folders)`);
const distinct = (counted: TreeFigures['registrations']) => String(distinctShapes(counted).size);
function duplicatePairs(f: TreeFigures, inServer: boolean): string {
  if (!f.duplicates.ok) return 'not run';
  const count = inServer ? f.duplicates.serverPairs : f.duplicates.pairs.length;
  return f.duplicates.complete ? String(count) : `>= ${count}`;
}

const rows: [string, (f: TreeFigures) => string][] = [
  ['server source files (tests left out) / folders', (f) => `${f.sourceFiles} / ${f.folders}`],
  ['1. folder-level import cycles, type imports counted (folders in them)', (f) => knots(f.cycles)],
  ['   the same, run-time imports only', (f) => knots(f.runtimeCycles)],
  ['2. files outside a domain importing its internals / import lines', (f) => `${f.domainReach.files} / ${f.domainReach.lines}`],
  ...[...(measured[0]?.figures.importers.keys() ?? [])].map((target, i): [string, (f: TreeFigures) => string] => [
    `${i === 0 ? '3. ' : '   '}source files importing ${target}`,
    (f) => String(f.importers.get(target)?.length ?? 0),
  ]),
  ['4. ways to register a domain (heuristic)', (f) => distinct(f.registrations)],
  ['5. ways to build a service (heuristic)', (f) => distinct(f.services)],
  ['6. repeated-block pairs outside tests and benchmarks, not boilerplate', (f) => duplicatePairs(f, false)],
  ['   of which with a side in apps/server/src', (f) => duplicatePairs(f, true)],
  ['7. source file lines: median / largest', (f) => `${f.lines.median} / ${f.lines.largest[0]?.lines ?? 0}`],
  ['8. server test files / of which boot the whole app', (f) => `${f.tests.files} / ${f.tests.booting}`],
];

console.log(
  '\nbench/architecture: the structure of apps/server/src (tests, i.e. *.test.ts files and test/ folders, left out unless said)\n',
);
console.log(
  formatTable(
    ['', ...measured.map((m) => m.name)],
    rows.map(([label, cell]) => [label, ...measured.map((m) => cell(m.figures))]),
  ),
);

console.log(`
How each row is counted:
1. A file's folder is modules/<domain> for modules/<domain>/**, "root" for files directly in src/, else its first
   folder (db, http, lib, jobs, realtime, storage, whatsapp, plugins). Every import declaration, \`export ... from\`,
   dynamic import() and import('...') type is an edge; a cycle is a strongly connected set of more than one folder.
2. Imports of modules/<d>/<file> (any file but modules/<d>/index.ts) from a source file outside modules/<d>/.
3. Source files with an import that resolves to the file.
4. and 5. are heuristics over the syntax, not the meaning; what they counted is listed below for checking.
   4: in app.ts and a composition root (src/compose*.ts, src/composition-root.ts, plugins/shared-services.ts), each
   app.register(X, ...) of something from modules/ (routes when X is named ...Routes or comes from a .routes.ts file,
   else a Fastify plugin) and each call given the app first of a function from modules/ (or any x.register(app, ...)).
   5: each create<X>Service function, by bindDeps( in its body, else its number of parameters; and in the domains'
   *.plugin.ts files and the composition root, each object of functions bound to a name or handed over as a property
   (not a factory's deps).
6. \`duplicates --repo <tree> --most 200\` over the whole checkout; pairs with a side in a test (*.test.ts(x), a test/
   folder, *-test-kit.ts(x), *-test-fixtures.ts), e2e/ or bench/ are dropped, and so are the pairs it marks
   boilerplate (">=": rows were cut at 200).
7. Lines of the .ts source files under apps/server/src, tests left out.
8. *.test.ts files under apps/server; one boots the whole app when it calls buildApp or a test helper that does
   (followed through the helpers in test/ folders).`);

for (const { name, figures: f } of measured) {
  console.log(`\n== ${name}`);
  for (const [i, c] of f.cycles.entries()) console.log(`1. cycle ${i + 1} (${c.length} folders): ${c.join(', ')}`);
  for (const [i, c] of f.runtimeCycles.entries()) console.log(`   run-time cycle ${i + 1} (${c.length} folders): ${c.join(', ')}`);
  const byDomain = new Map<string, typeof f.domainReach.targets>();
  for (const t of f.domainReach.targets) {
    const domain = domainOf(t.target) as string;
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), t]);
  }
  console.log(`2. domain internals imported from outside: ${f.domainReach.targets.length} files of ${byDomain.size} domains`);
  for (const [domain, targets] of [...byDomain].sort((a, b) => b[1].length - a[1].length)) {
    const reached = targets.map(
      (t) => `${t.target.slice(`${domain}/`.length)} (${many(t.folders.length, 'folder')}, ${many(t.files, 'file')})`,
    );
    console.log(`   ${domain}, ${targets.length}: ${reached.join(', ')}`);
  }
  for (const [target, from] of f.importers) console.log(`3. ${target} imported by ${from.length}: ${from.join(', ')}`);
  console.log(`4. registrations counted in ${f.compositionFiles.join(', ')}:`);
  for (const [shape, n] of distinctShapes(f.registrations)) console.log(`   ${shape}: ${n}`);
  for (const r of f.registrations) console.log(`     ${r.at}  [${r.shape.split(':')[0]}]`);
  console.log('5. service construction counted:');
  for (const [shape, n] of distinctShapes(f.services)) console.log(`   ${shape}: ${n}`);
  for (const s of f.services) console.log(`     ${s.at}  [${s.shape.split(':')[0]}]`);
  if (f.duplicates.ok) {
    console.log(`6. repeated-block pairs counted (${f.duplicates.pairs.length}${f.duplicates.complete ? '' : ', list cut'}):`);
    for (const p of f.duplicates.pairs) console.log(`     ${p.places}`);
    for (const note of f.duplicates.notes) console.log(`   duplicates said: ${note}`);
  } else console.log(`6. ${f.duplicates.error}`);
  console.log(`7. largest files: ${f.lines.largest.map((l) => `${l.file} ${l.lines}`).join(', ')}`);
  console.log(`8. helpers that boot the whole app: ${f.tests.booters.join(', ')}`);
}
