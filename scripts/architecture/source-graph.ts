// The server's imports as a graph of files and of folders: which file imports which (type imports and re-exports
// included), the folder each file belongs to, and the folder-level cycles. Pure: the caller reads the files.
import path from 'node:path';
import ts from 'typescript';

export interface ImportLine {
  specifier: string;
  /** `import type`, `export type ... from`, an import whose every name is `type`, or an `import('...')` type. */
  typeOnly: boolean;
}

/** A file's path relative to the source root, with `/` separators. */
export type SourcePath = string;

/** Test code: `*.test.ts(x)`, anything in a `test/` folder, and the helpers named `*-test-kit` or `*-test-fixtures`. */
export const isTestPath = (file: SourcePath) => /(\.test|-test-kit|-test-fixtures)\.tsx?$/.test(file) || file.split('/').includes('test');

/** `modules/<domain>/**` is its domain's folder, files directly in the root are "root", the rest their first folder. */
export function folderOf(file: SourcePath): string {
  const parts = file.split('/');
  if (parts.length === 1) return 'root';
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0] as string;
}

/** The domain folder (`modules/<domain>`) a file belongs to, if any. */
export const domainOf = (file: SourcePath): string | null => (folderOf(file).startsWith('modules/') ? folderOf(file) : null);

/** Every import of a TypeScript file: declarations, `export ... from`, dynamic `import('...')` and `import('...')` types. */
export function importsIn(fileName: string, text: string): ImportLine[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: ImportLine[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node.importClause) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push({ specifier: first.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/**
 * The source file a relative specifier names, among `files` (paths relative to the root): as written, with `.ts` in
 * place of `.js`, with `.ts` added, or its folder's `index.ts`. Null for packages and for anything outside the root.
 */
export function resolveImport(from: SourcePath, specifier: string, files: ReadonlySet<SourcePath>): SourcePath | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => files.has(c)) ?? null;
}

export interface ResolvedImport {
  from: SourcePath;
  to: SourcePath;
  typeOnly: boolean;
}

/** Folder → folders it imports, self-imports left out. */
export function folderEdges(imports: readonly ResolvedImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (!edges.has(a)) edges.set(a, new Set());
    if (!edges.has(b)) edges.set(b, new Set());
    if (a !== b) edges.get(a)?.add(b);
  }
  return edges;
}

/** Strongly connected components of more than one node (Tarjan), each sorted, largest first. */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

export interface DomainReach {
  /** Importing files outside the domain that reach past its index.ts. */
  files: number;
  /** Their import lines (declarations, re-exports, dynamic imports). */
  lines: number;
  /** Each internal file reached, with the folders and files importing it, most folders first. */
  targets: { target: SourcePath; folders: string[]; files: number }[];
}

/** Imports of `modules/<domain>/<file>` (any file but the domain's own index.ts) from outside that domain's folder. */
export function domainInternalsReached(imports: readonly ResolvedImport[]): DomainReach {
  const reaching = imports.filter(({ from, to }) => {
    const domain = domainOf(to);
    return domain !== null && domainOf(from) !== domain && to !== `${domain}/index.ts`;
  });
  const byTarget = new Map<SourcePath, ResolvedImport[]>();
  for (const i of reaching) byTarget.set(i.to, [...(byTarget.get(i.to) ?? []), i]);
  const targets = [...byTarget].map(([target, lines]) => ({
    target,
    folders: [...new Set(lines.map((l) => folderOf(l.from)))].sort(),
    files: new Set(lines.map((l) => l.from)).size,
  }));
  targets.sort((a, b) => b.folders.length - a.folders.length || b.files - a.files || a.target.localeCompare(b.target));
  return { files: new Set(reaching.map((i) => i.from)).size, lines: reaching.length, targets };
}
