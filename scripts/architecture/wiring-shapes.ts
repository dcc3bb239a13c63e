// Heuristics over the server's source: the distinct ways the composition root registers a domain, and the distinct
// ways a service is built. They read syntax, not meaning, so each returns what it counted for a reader to check.
import ts from 'typescript';
import type { SourcePath } from './source-graph.ts';

export interface SourceFile {
  path: SourcePath;
  text: string;
}

export interface Counted {
  /** `file:line` and the code counted there. */
  at: string;
  shape: string;
}

const parse = (file: SourceFile) => ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const lineOf = (node: ts.Node) => node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
const counted = (file: SourceFile, node: ts.Node, shape: string): Counted => ({
  at: `${file.path}:${lineOf(node)} ${node.getText().replace(/\s+/g, ' ')}`,
  shape,
});

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** Local name → the specifier it is imported from. */
function importedNames(source: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.importClause) continue;
    const from = statement.moduleSpecifier.text;
    const { name, namedBindings } = statement.importClause;
    if (name) names.set(name.text, from);
    if (namedBindings && ts.isNamespaceImport(namedBindings)) names.set(namedBindings.name.text, from);
    if (namedBindings && ts.isNamedImports(namedBindings)) for (const element of namedBindings.elements) names.set(element.name.text, from);
  }
  return names;
}

/** The identifier an expression starts from: `a` of `a`, `a.b.c` and `a.b(c).d`. */
function rootName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) || ts.isCallExpression(expression)) return rootName(expression.expression);
  return null;
}

const lastName = (expression: ts.Expression) =>
  ts.isPropertyAccessExpression(expression) ? expression.name.text : ts.isIdentifier(expression) ? expression.text : '';

export const REGISTRATION_SHAPES = {
  plugin: 'Fastify plugin: app.register(xPlugin, options)',
  routes: 'routes registered directly: app.register(xRoutes, options)',
  function: 'function given the app: registerX(app, deps) or x.register(app, deps)',
} as const;

/**
 * Ways the composition root registers a domain. Counted: `<app>.register(X, ...)` where X comes from a domain
 * (imported from a `modules/` path, or a local such as a loop variable): a Fastify plugin, or routes when X is named
 * `...Routes` or comes from a `.routes.ts` file; and a call with the app as its first argument to a function imported
 * from a domain, or to any `<x>.register(app, ...)` not imported from elsewhere. Calls of what comes from outside
 * `modules/` (http/, plugins/, packages) are infrastructure and not counted.
 */
export function registrationShapes(files: readonly SourceFile[]): Counted[] {
  const found: Counted[] = [];
  for (const file of files) {
    const source = parse(file);
    const imports = importedNames(source);
    const fromDomain = (expression: ts.Expression) => {
      const root = rootName(expression);
      if (root === null) return false;
      const specifier = imports.get(root);
      return specifier === undefined || /(^|\/)modules\//.test(specifier);
    };
    walk(source, (node) => {
      if (!ts.isCallExpression(node)) return;
      const [first] = node.arguments;
      if (!first) return;
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'register' && ts.isIdentifier(callee.expression)) {
        if (callee.expression.text === 'app' && fromDomain(first)) {
          const specifier = imports.get(rootName(first) ?? '') ?? '';
          const routes = /Routes$/.test(lastName(first)) || specifier.endsWith('.routes.ts');
          found.push(counted(file, node, routes ? REGISTRATION_SHAPES.routes : REGISTRATION_SHAPES.plugin));
          return;
        }
      }
      if (!ts.isIdentifier(first) || first.text !== 'app') return;
      const root = rootName(callee);
      const imported = root !== null && imports.has(root);
      const byDomain = imported ? fromDomain(callee) : lastName(callee) === 'register';
      if (byDomain) found.push(counted(file, node, REGISTRATION_SHAPES.function));
    });
  }
  return found;
}

export const SERVICE_SHAPES = {
  bindDeps: 'object of use cases bound with bindDeps(deps) (lib/bind-deps.ts)',
  deps: 'factory of one deps object: createXService(deps)',
  positional: 'factory of positional parts: createXService(ctx, repo, ...)',
  none: 'factory without parameters: createXService()',
  closure: 'plugin-local closure: an object of functions written in a plugin or the composition root',
} as const;

const isFunctionLike = (node: ts.Node) =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node) || ts.isFunctionDeclaration(node);

/** app.ts, or a composition root beside it under any of the names the restructuring may give it. */
export const isCompositionRoot = (file: SourcePath) =>
  /^(app|compose[^/]*|composition-root)\.ts$/.test(file) || file === 'plugins/shared-services.ts';

/** A domain's plugin or a composition root: where a domain is wired rather than written. */
export const isWiringFile = (file: SourcePath) => /^modules\/.*\.plugin\.ts$/.test(file) || isCompositionRoot(file);

/**
 * Ways a service is built. Counted: each `create<X>Service` function (declared, or a const arrow/function), by how it
 * takes what it needs: calling `bindDeps(` in its body, else by its number of parameters (one deps object, several
 * positional parts, none); and, in plugins and composition roots (isWiringFile), each object literal with a function
 * among its properties that is bound to a name or handed over as a property (a service written in place rather than
 * built by a factory, as in `const x = { list: () => ... }` or `app.register(routes, { service: { list: () => ... } })`),
 * leaving out the deps objects handed to any other call.
 */
export function serviceShapes(files: readonly SourceFile[]): Counted[] {
  const found: Counted[] = [];
  for (const file of files) {
    const source = parse(file);
    walk(source, (node) => {
      const factory = serviceFactory(node);
      if (factory) {
        const { name, fn } = factory;
        const params = fn.parameters.map((p) => p.name.getText()).join(', ');
        const header = `${file.path}:${lineOf(node)} ${name}(${params})`;
        let bound = false;
        if (fn.body) walk(fn.body, (inner) => (bound ||= ts.isCallExpression(inner) && lastName(inner.expression) === 'bindDeps'));
        const count = fn.parameters.length;
        const shape = bound
          ? SERVICE_SHAPES.bindDeps
          : count === 1
            ? SERVICE_SHAPES.deps
            : count > 1
              ? SERVICE_SHAPES.positional
              : SERVICE_SHAPES.none;
        found.push({ at: header, shape });
        return;
      }
      if (!isWiringFile(file.path) || !ts.isObjectLiteralExpression(node)) return;
      const holder = node.parent;
      if (!ts.isVariableDeclaration(holder) && !ts.isPropertyAssignment(holder)) return;
      const call = holder.parent.parent;
      if (ts.isPropertyAssignment(holder) && ts.isCallExpression(call) && lastName(call.expression) !== 'register') return;
      const hasFunction = node.properties.some((p) => isFunctionLike(p) || (ts.isPropertyAssignment(p) && isFunctionLike(p.initializer)));
      if (hasFunction) found.push(counted(file, holder, SERVICE_SHAPES.closure));
    });
  }
  return found;
}

function serviceFactory(node: ts.Node): { name: string; fn: ts.SignatureDeclaration & { body?: ts.Node } } | null {
  const isFactoryName = (name: string) => /^create\w*Service$/.test(name);
  if (ts.isFunctionDeclaration(node) && node.name && isFactoryName(node.name.text)) return { name: node.name.text, fn: node };
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFactoryName(node.name.text) && node.initializer) {
    const init = node.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { name: node.name.text, fn: init };
  }
  return null;
}

/** The distinct shapes among what was counted, each with how many times it was seen. */
export function distinctShapes(found: readonly Counted[]): Map<string, number> {
  const shapes = new Map<string, number>();
  for (const { shape } of found) shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  return shapes;
}
