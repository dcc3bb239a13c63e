// Which server test files boot the whole app: those that call buildApp, or a test helper that does (createTestApp,
// liveTestApp, ...), found by following calls from buildApp through the helpers in test/ folders.
import ts from 'typescript';
import type { SourceFile } from './wiring-shapes.ts';

const parse = (file: SourceFile) => ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);

/** Names of the functions called by name (`f(...)`, not `x.f(...)`) anywhere under a node. */
function calledNames(root: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) names.add(node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return names;
}

/** Each top-level function of a file (declared, or a const arrow/function) with the names its body calls. */
function functionsOf(file: SourceFile): Map<string, Set<string>> {
  const functions = new Map<string, Set<string>>();
  for (const statement of parse(file).statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body)
      functions.set(statement.name.text, calledNames(statement.body));
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
        functions.set(declaration.name.text, calledNames(init.body));
    }
  }
  return functions;
}

/** The helpers that boot the whole app: buildApp and every helper function that calls one of them, however deep. */
export function appBooters(helpers: readonly SourceFile[]): Set<string> {
  const booters = new Set(['buildApp']);
  const functions = helpers.flatMap((file) => [...functionsOf(file)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, calls] of functions) {
      if (!booters.has(name) && [...calls].some((c) => booters.has(c))) {
        booters.add(name);
        grew = true;
      }
    }
  }
  return booters;
}

/** Whether a test file calls any of the booters. */
export const bootsApp = (test: SourceFile, booters: ReadonlySet<string>) => [...calledNames(parse(test))].some((name) => booters.has(name));
