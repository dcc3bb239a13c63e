import { describe, expect, it } from 'vitest';
import { pairsOutsideTests, parseDuplicates } from './duplicate-pairs.ts';
import {
  cycles,
  domainInternalsReached,
  folderEdges,
  folderOf,
  importsIn,
  isTestPath,
  type ResolvedImport,
  resolveImport,
} from './source-graph.ts';
import { appBooters, bootsApp } from './test-boots.ts';
import { distinctShapes, REGISTRATION_SHAPES, registrationShapes, SERVICE_SHAPES, serviceShapes } from './wiring-shapes.ts';

const edges = (pairs: [string, string][]) => {
  const map = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    map.set(a, (map.get(a) ?? new Set()).add(b));
    if (!map.has(b)) map.set(b, new Set());
  }
  return map;
};

describe('folder mapping', () => {
  it('maps a domain file at any depth to its domain, a top-level file to root, the rest to their first folder', () => {
    expect(folderOf('modules/messaging/agent-sends.ts')).toBe('modules/messaging');
    expect(folderOf('modules/campaigns/import/csv-rows.ts')).toBe('modules/campaigns');
    expect(folderOf('app-context.ts')).toBe('root');
    expect(folderOf('db/schema.ts')).toBe('db');
    expect(folderOf('whatsapp/sandbox/sandbox.plugin.ts')).toBe('whatsapp');
    expect(folderOf('plugins/shared-services.ts')).toBe('plugins');
  });

  it('takes *.test.ts files, test/ folders and test kits and fixtures for tests, not a feature that sends a test', () => {
    expect(isTestPath('modules/users/users.test.ts')).toBe(true);
    expect(isTestPath('whatsapp/test/live-test-app.ts')).toBe(true);
    expect(isTestPath('modules/users/users.service.ts')).toBe(false);
    expect(isTestPath('features/chat/chat-test-fixtures.ts')).toBe(true);
    expect(isTestPath('features/api-keys/api-keys-test-kit.tsx')).toBe(true);
    expect(isTestPath('modules/contest/contest.ts')).toBe(false);
    expect(isTestPath('features/email/api/send-test-email.ts')).toBe(false);
  });
});

describe('imports', () => {
  it('reads type imports, re-exports and dynamic imports, telling which are types only', () => {
    const text = [
      "import type { AppContext } from '../../app-context.ts';",
      "import { type A, type B } from './types.ts';",
      "import { type C, run } from './run.ts';",
      "import './side-effect.ts';",
      "export { x } from './x.ts';",
      "export type { Y } from './y.ts';",
      "const lazy = () => import('./lazy.ts');",
      "let t: import('./typed.ts').T;",
      "import fastify from 'fastify';",
    ].join('\n');
    expect(importsIn('modules/a/a.ts', text)).toEqual([
      { specifier: '../../app-context.ts', typeOnly: true },
      { specifier: './types.ts', typeOnly: true },
      { specifier: './run.ts', typeOnly: false },
      { specifier: './side-effect.ts', typeOnly: false },
      { specifier: './x.ts', typeOnly: false },
      { specifier: './y.ts', typeOnly: true },
      { specifier: './lazy.ts', typeOnly: false },
      { specifier: './typed.ts', typeOnly: true },
      { specifier: 'fastify', typeOnly: false },
    ]);
  });

  it('resolves a relative specifier to a file with .ts, without it, or to its folder index.ts', () => {
    const files = new Set(['app-context.ts', 'modules/messaging/index.ts', 'modules/messaging/send-text.ts', 'lib/csv.ts']);
    expect(resolveImport('modules/chat/chat.routes.ts', '../messaging/send-text.ts', files)).toBe('modules/messaging/send-text.ts');
    expect(resolveImport('modules/chat/chat.routes.ts', '../messaging/send-text', files)).toBe('modules/messaging/send-text.ts');
    expect(resolveImport('modules/chat/chat.routes.ts', '../messaging', files)).toBe('modules/messaging/index.ts');
    expect(resolveImport('modules/chat/chat.routes.ts', '../../lib/csv.js', files)).toBe('lib/csv.ts');
    expect(resolveImport('modules/chat/chat.routes.ts', '../../app-context.ts', files)).toBe('app-context.ts');
    expect(resolveImport('modules/chat/chat.routes.ts', '@wac/contract/chat', files)).toBeNull();
    expect(resolveImport('modules/chat/chat.routes.ts', '../../../test/test-app.ts', files)).toBeNull();
  });
});

describe('folder-level cycles', () => {
  it('finds each strongly connected set of folders, largest first, and no cycle where imports point one way', () => {
    const found = cycles(
      edges([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['d', 'e'],
        ['f', 'g'],
        ['g', 'f'],
      ]),
    );
    expect(found).toEqual([
      ['a', 'b', 'c'],
      ['f', 'g'],
    ]);
    expect(
      cycles(
        edges([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('counts a type import from root back into the domains as closing the cycle, and only it', () => {
    const imports: ResolvedImport[] = [
      { from: 'modules/users/users.plugin.ts', to: 'app-context.ts', typeOnly: true },
      { from: 'modules/messaging/messaging.plugin.ts', to: 'app-context.ts', typeOnly: true },
      { from: 'app-context.ts', to: 'modules/messaging/messaging.service.ts', typeOnly: true },
      { from: 'app.ts', to: 'modules/users/users.plugin.ts', typeOnly: false },
      { from: 'modules/users/users.service.ts', to: 'modules/users/users.repository.ts', typeOnly: false },
      { from: 'modules/messaging/send-text.ts', to: 'db/schema.ts', typeOnly: false },
    ];
    expect(cycles(folderEdges(imports))).toEqual([['modules/messaging', 'modules/users', 'root']]);
    expect(cycles(folderEdges(imports.filter((i) => !i.typeOnly)))).toEqual([]);
  });
});

describe('domain internals reached from outside', () => {
  it("counts imports past another domain's index.ts, by file and line, and leaves the domain's own imports alone", () => {
    const imports: ResolvedImport[] = [
      { from: 'modules/campaigns/dispatch.ts', to: 'modules/messaging/agent-sends.ts', typeOnly: false },
      { from: 'modules/campaigns/dispatch.ts', to: 'modules/messaging/agent-sends.ts', typeOnly: true },
      { from: 'modules/flows/runtime.ts', to: 'modules/messaging/agent-sends.ts', typeOnly: false },
      { from: 'plugins/shared-services.ts', to: 'modules/messaging/agent-sends.ts', typeOnly: false },
      { from: 'modules/flows/runtime.ts', to: 'modules/messaging/index.ts', typeOnly: false },
      { from: 'modules/messaging/send-text.ts', to: 'modules/messaging/agent-sends.ts', typeOnly: false },
      { from: 'modules/flows/runtime.ts', to: 'lib/csv.ts', typeOnly: false },
    ];
    expect(domainInternalsReached(imports)).toEqual({
      files: 3,
      lines: 4,
      targets: [{ target: 'modules/messaging/agent-sends.ts', folders: ['modules/campaigns', 'modules/flows', 'plugins'], files: 3 }],
    });
  });
});

describe('wiring shapes (heuristics)', () => {
  const appTs = [
    "import fastifyMultipart from '@fastify/multipart';",
    "import { registerErrorHandler } from './http/error-handler.ts';",
    "import { registerApiKeys } from './modules/api-keys/api-keys.plugin.ts';",
    "import { authPlugin } from './modules/auth/auth.plugin.ts';",
    "import { healthRoutes } from './modules/health/health.routes.ts';",
    "import * as messaging from './modules/messaging/index.ts';",
    'export async function buildApp(app) {',
    '  registerErrorHandler(app);',
    '  await app.register(fastifyMultipart, {});',
    '  await registerApiKeys(app, ctx);',
    '  await app.register(authPlugin, { ctx });',
    '  await app.register(healthRoutes, { ctx });',
    '  await messaging.register(app, deps);',
    '  for (const domain of domains) await domain.register(app, deps);',
    '}',
  ].join('\n');

  it('counts each way app.ts registers a domain, leaving out the infrastructure', () => {
    const found = registrationShapes([{ path: 'app.ts', text: appTs }]);
    expect(found.map((f) => [f.at, f.shape])).toEqual([
      ['app.ts:10 registerApiKeys(app, ctx)', REGISTRATION_SHAPES.function],
      ['app.ts:11 app.register(authPlugin, { ctx })', REGISTRATION_SHAPES.plugin],
      ['app.ts:12 app.register(healthRoutes, { ctx })', REGISTRATION_SHAPES.routes],
      ['app.ts:13 messaging.register(app, deps)', REGISTRATION_SHAPES.function],
      ['app.ts:14 domain.register(app, deps)', REGISTRATION_SHAPES.function],
    ]);
    expect(distinctShapes(found).size).toBe(3);
  });

  it('tells services built by bindDeps, by one deps object, by positional parts and written in a plugin', () => {
    const found = serviceShapes([
      { path: 'modules/m/m.service.ts', text: 'export function createMService(deps) { const bound = bindDeps(deps); return {}; }' },
      { path: 'modules/f/f.service.ts', text: 'export function createFService({ db, activities }) { return {}; }' },
      { path: 'modules/u/u.service.ts', text: 'export const createUService = (ctx, users) => ({});' },
      {
        path: 'modules/o/o.plugin.ts',
        text: [
          'export const oPlugin = async (app, { ctx }) => {',
          '  const destination = { allowedHosts: () => ctx.settings.hosts() };',
          '  const worker = createWorker({ db, onDone: () => kick() });',
          '  await app.register(oRoutes, { service: { list: () => [] } });',
          '};',
        ].join('\n'),
      },
      { path: 'modules/o/o.service.ts', text: 'const destination = { allowedHosts: () => [] };' },
    ]);
    expect(found.map((f) => [f.at, f.shape])).toEqual([
      ['modules/m/m.service.ts:1 createMService(deps)', SERVICE_SHAPES.bindDeps],
      ['modules/f/f.service.ts:1 createFService({ db, activities })', SERVICE_SHAPES.deps],
      ['modules/u/u.service.ts:1 createUService(ctx, users)', SERVICE_SHAPES.positional],
      ['modules/o/o.plugin.ts:2 destination = { allowedHosts: () => ctx.settings.hosts() }', SERVICE_SHAPES.closure],
      ['modules/o/o.plugin.ts:4 service: { list: () => [] }', SERVICE_SHAPES.closure],
    ]);
  });
});

describe('duplicates output', () => {
  const output = [
    '5 pairs of places (40 files read), each sharing runs of 6 or more identical or same-shape lines (3 by shape alone, 2 of those marked boilerplate)',
    'D1 apps/server/src/a.ts:1-9 ~ apps/server/src/b.ts:4-12 shape (+1 more runs)',
    'D2 apps/server/src/a.test.ts:1-9 ~ apps/server/src/b.ts:20-28',
    'D3 e2e/chat.spec.ts:1-9 ~ apps/web/src/c.tsx:1-9',
    'D4 apps/web/src/c.tsx:1-9 ~ apps/web/src/d.tsx:1-9 shape boilerplate',
    'D5 bench/x.ts:1-9 ~ apps/server/test/test-app.ts:1-9 shape boilerplate',
    'left out: 6 runs of 6 lines that stand in more than 8 places each (too common to list)',
  ].join('\n');

  it('counts the pairs outside tests and benchmarks that are not boilerplate', () => {
    const report = parseDuplicates(output);
    expect(report.notes).toEqual(['left out: 6 runs of 6 lines that stand in more than 8 places each (too common to list)']);
    const counted = pairsOutsideTests(report);
    expect(counted.pairs.map((p) => p.places)).toEqual(['apps/server/src/a.ts:1-9 ~ apps/server/src/b.ts:4-12']);
    expect(counted.complete).toBe(true);
  });

  it('says the count is a lower bound when the list was cut before its boilerplate rows', () => {
    const cut = output.replace(/^5 pairs/, '9 pairs').replace('2 of those marked', '4 of those marked');
    expect(pairsOutsideTests(parseDuplicates(cut)).complete).toBe(false);
  });
});

describe('test files that boot the whole app', () => {
  it('follows buildApp through the helpers that call it, however deep', () => {
    const helpers = [
      {
        path: 'test/test-app.ts',
        text: 'export async function createTestApp() { const { app } = await buildApp(config, db); return app; }',
      },
      {
        path: 'whatsapp/test/live-test-app.ts',
        text: 'export const liveTestApp = (setup) => { beforeAll(async () => { t = await createTestApp(); }); };',
      },
      { path: 'test/test-database.ts', text: 'export async function createMigratedTestDatabase() { return migrate(); }' },
    ];
    const booters = appBooters(helpers);
    expect([...booters].sort()).toEqual(['buildApp', 'createTestApp', 'liveTestApp']);
    expect(bootsApp({ path: 'a.test.ts', text: 'const { t } = liveTestApp(async () => {});' }, booters)).toBe(true);
    expect(bootsApp({ path: 'b.test.ts', text: 'beforeAll(async () => { url = await createMigratedTestDatabase(); });' }, booters)).toBe(
      false,
    );
  });
});
