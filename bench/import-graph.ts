// Structure figures for the server: folder-level import cycles (strongly connected folders, tests left out) and the
// files that import a given file. Files at the top of src/ count as folders of their own, and app.ts and main.ts,
// which assemble everything, are left out. Run: npx tsx bench/import-graph.ts [file relative to apps/server/src ...]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src');
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
/** `import type { ... } from '...'`: erased when compiled, so no coupling at run time. */
const TYPE_IMPORT = /^import type [^;]*?from\s*['"][^'"]+['"];?$/gms;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

const COMPOSITION_ROOTS = new Set(['app.ts', 'main.ts'].map((f) => path.join(root, f)));
const files = sourceFiles(root).filter((f) => !COMPOSITION_ROOTS.has(f));
const importsIn = (f: string, text: string) => [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(f), m[1] as string));
const importsOf = new Map(files.map((f) => [f, importsIn(f, readFileSync(f, 'utf8'))]));
const runtimeImportsOf = new Map(files.map((f) => [f, importsIn(f, readFileSync(f, 'utf8').replace(TYPE_IMPORT, ''))]));
const folderOf = (f: string) => path.relative(root, path.dirname(f)) || path.basename(f, '.ts');

function folderKnots(imports: Map<string, string[]>): string {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of imports) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from && !to.startsWith('..')) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }

  // Tarjan's strongly connected components over the folder graph.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  function visit(v: string): void {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) knots.push(component.sort());
    }
  }
  for (const folder of new Set(files.map(folderOf))) if (!index.has(folder)) visit(folder);
  return knots.length === 0 ? 'none' : knots.map((k) => `a knot of ${k.length} (${k.join(', ')})`).join('; ');
}

console.log(`${files.length} source files (tests left out) in ${new Set(files.map(folderOf)).size} folders under apps/server/src`);
console.log(`folder-level import cycles: ${folderKnots(importsOf)}`);
console.log(`the same, run-time imports only (\`import type\` left out): ${folderKnots(runtimeImportsOf)}`);
for (const wanted of process.argv.slice(2)) {
  const target = path.resolve(root, wanted);
  const importers = files.filter((f) => importsOf.get(f)?.includes(target));
  console.log(`files importing ${wanted}: ${importers.length}`);
}
