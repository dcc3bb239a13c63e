// Reads one checkout's apps/server and measures its structure (see bench/architecture.ts, which prints the figures).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CountedPairs, pairsOutsideTests, parseDuplicates } from './duplicate-pairs.ts';
import {
  cycles,
  type DomainReach,
  domainInternalsReached,
  folderEdges,
  folderOf,
  importsIn,
  isTestPath,
  type ResolvedImport,
  resolveImport,
  type SourcePath,
} from './source-graph.ts';
import { appBooters, bootsApp } from './test-boots.ts';
import { type Counted, isCompositionRoot, registrationShapes, type SourceFile, serviceShapes } from './wiring-shapes.ts';

export interface TreeFigures {
  sourceFiles: number;
  folders: number;
  /** Folder-level cycles, `import type` and re-exports counted. */
  cycles: string[][];
  /** The same over run-time imports only. */
  runtimeCycles: string[][];
  domainReach: DomainReach;
  /** Per file asked about (app-context.ts first): the source files importing it. */
  importers: Map<SourcePath, SourcePath[]>;
  /** The files read for the registrations: app.ts and any composition root. */
  compositionFiles: SourcePath[];
  registrations: Counted[];
  services: Counted[];
  duplicates: ({ ok: true; serverPairs: number; notes: string[] } & CountedPairs) | { ok: false; error: string };
  lines: { median: number; largest: { file: SourcePath; lines: number }[] };
  tests: { files: number; booting: number; booters: string[] };
}

function filesUnder(dir: string, prefix = ''): SourcePath[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function duplicatesIn(tree: string): TreeFigures['duplicates'] {
  let output: string;
  try {
    // Boilerplate rows come last, so 200 rows (the most it lists) hold every other pair unless there are more.
    output = execFileSync('duplicates', ['--repo', tree, '--most', '200', '--seconds', '300'], { cwd: tree, encoding: 'utf8' });
  } catch (err) {
    return { ok: false, error: `duplicates did not run: ${(err as Error).message.split('\n')[0]}` };
  }
  const report = parseDuplicates(output);
  const counted = pairsOutsideTests(report);
  const serverPairs = counted.pairs.filter((p) => p.a.startsWith('apps/server/src/') || p.b.startsWith('apps/server/src/')).length;
  return { ok: true, ...counted, serverPairs, notes: report.notes };
}

const read = (dir: string, file: SourcePath): SourceFile => ({ path: file, text: readFileSync(path.join(dir, file), 'utf8') });

/** The server's files under apps/server/src (tests too), its source files (tests left out) and their imports between each other. */
export function serverImports(tree: string): { all: SourceFile[]; sources: SourceFile[]; imports: ResolvedImport[] } {
  const srcDir = path.join(tree, 'apps', 'server', 'src');
  if (!existsSync(srcDir)) throw new Error(`${tree}: no apps/server/src`);
  const all = filesUnder(srcDir).map((f) => read(srcDir, f));
  const sources = all.filter((f) => !isTestPath(f.path));
  const known = new Set(sources.map((f) => f.path));
  const imports: ResolvedImport[] = sources.flatMap(({ path: from, text }) =>
    importsIn(from, text).flatMap(({ specifier, typeOnly }) => {
      const to = resolveImport(from, specifier, known);
      return to ? [{ from, to, typeOnly }] : [];
    }),
  );
  return { all, sources, imports };
}

/** Every figure of one checkout; `importersOf` names more files (relative to apps/server/src) to count importers of. */
export function measureTree(tree: string, importersOf: readonly SourcePath[] = []): TreeFigures {
  const { all, sources, imports } = serverImports(tree);
  const importers = new Map(
    ['app-context.ts', ...importersOf].map((target) => [
      target,
      [...new Set(imports.filter((i) => i.to === target).map((i) => i.from))].sort(),
    ]),
  );

  const testDir = path.join(tree, 'apps', 'server', 'test');
  const testCode = [...all.filter((f) => isTestPath(f.path)), ...filesUnder(testDir).map((f) => read(testDir, f))];
  const isTestFile = (f: SourceFile) => /\.test\.ts$/.test(f.path);
  const tests = testCode.filter(isTestFile);
  const booters = appBooters(testCode.filter((f) => !isTestFile(f)));

  const sizes = sources.map((f) => ({ file: f.path, lines: lineCount(f.text) })).sort((a, b) => b.lines - a.lines);
  return {
    sourceFiles: sources.length,
    folders: new Set(sources.map((f) => folderOf(f.path))).size,
    cycles: cycles(folderEdges(imports)),
    runtimeCycles: cycles(folderEdges(imports.filter((i) => !i.typeOnly))),
    domainReach: domainInternalsReached(imports),
    importers,
    compositionFiles: sources.filter((f) => isCompositionRoot(f.path)).map((f) => f.path),
    registrations: registrationShapes(sources.filter((f) => isCompositionRoot(f.path))),
    services: serviceShapes(sources),
    duplicates: duplicatesIn(tree),
    lines: { median: median(sizes.map((s) => s.lines)), largest: sizes.slice(0, 5) },
    tests: {
      files: tests.length,
      booting: tests.filter((t) => bootsApp(t, booters)).length,
      booters: [...booters].sort(),
    },
  };
}
