import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const biome = path.join(repo, 'node_modules', '.bin', 'biome');
let tree: string;

/** A scratch tree with the project's biome.json, so its per-folder rules apply to planted files at the same paths. */
beforeAll(async () => {
  tree = await mkdtemp(path.join(os.tmpdir(), 'wac-lint-'));
  await copyFile(path.join(repo, 'biome.json'), path.join(tree, 'biome.json'));
});
afterAll(() => rm(tree, { recursive: true, force: true }));

async function lint(file: string, source: string): Promise<string[]> {
  const at = path.join(tree, file);
  await mkdir(path.dirname(at), { recursive: true });
  await writeFile(at, source);
  const output = await promisify(execFile)(biome, ['lint', '--reporter=json', '--max-diagnostics=50', file], { cwd: tree }).then(
    (r) => r.stdout,
    (err: { stdout: string }) => err.stdout,
  );
  const report = JSON.parse(output) as { diagnostics: { category: string; message: string }[] };
  return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.message);
}

describe('import boundaries kept by the linter', () => {
  it('refuses a web feature importing another feature, at any depth', async () => {
    const cases = [
      ['apps/web/src/features/media/probe-a.tsx', "import { x } from '../chat/api/send-message';"],
      ['apps/web/src/features/media/pages/probe-b.tsx', "import { x } from '../../chat/api/send-message';"],
      ['apps/web/src/features/media/components/list/probe-c.tsx', "import { x } from '../../../templates/api/list';"],
    ];
    for (const [file, line] of cases) {
      const problems = await lint(file as string, `${line}\nexport const y = x;\n`);
      expect(problems, file).toEqual([expect.stringContaining('A web feature imports only its own files')]);
    }
  });

  it('lets a feature import its own files and the shared ui/, lib/ and app/ folders', async () => {
    const source = [
      "import { a } from '../api/own';",
      "import { b } from './sibling';",
      "import { c } from '../../../ui/button';",
      "import { d } from '../../../lib/api-client';",
      'export const all = [a, b, c, d];',
    ].join('\n');
    expect(await lint('apps/web/src/features/media/pages/probe-ok.tsx', `${source}\n`)).toEqual([]);
  });

  it('refuses whatsapp/ importing from modules/, outside its tests', async () => {
    const line = "import { a } from '../../modules/chat/outbound.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/whatsapp/sandbox/probe.ts', line)).toEqual([expect.stringContaining('whatsapp/ is the adapter')]);
    expect(await lint('apps/server/src/whatsapp/sandbox/probe.test.ts', line)).toEqual([]);
  });

  it('refuses a domain reaching past another domain’s index.ts, outside its tests', async () => {
    const refused = expect.stringContaining('A domain imports another domain only through its index.ts');
    const deep = "import { a } from '../messaging/agent-sends.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/modules/campaigns/probe.ts', deep)).toEqual([refused]);
    expect(await lint('apps/server/src/modules/campaigns/probe.test.ts', deep)).toEqual([]);
    const repository = "import { a } from '../messaging/messages.repository.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/modules/flows/probe.ts', repository)).toEqual([refused]);
    const allowed = [
      "import { a } from '../messaging/index.ts';",
      "import { b } from './own.ts';",
      "import { c } from '../../db/database.ts';",
      'export const all = [a, b, c];',
    ].join('\n');
    expect(await lint('apps/server/src/modules/campaigns/probe-ok.ts', `${allowed}\n`)).toEqual([]);
  });

  it('refuses a domain or whatsapp/ importing the composition root or an app context, outside tests', async () => {
    const refused = expect.stringContaining('it never imports the composition root or a whole-app context');
    const root = "import type { Services } from '../../composition-root.ts';\nexport type S = Services;\n";
    expect(await lint('apps/server/src/modules/campaigns/probe-root.ts', root)).toEqual([refused]);
    expect(await lint('apps/server/src/modules/campaigns/probe-root.test.ts', root)).toEqual([]);
    const context = "import type { AppContext } from '../../app-context.ts';\nexport type C = AppContext;\n";
    expect(await lint('apps/server/src/modules/flows/probe-context.ts', context)).toEqual([refused]);
    expect(
      await lint(
        'apps/server/src/whatsapp/sandbox/probe-root.ts',
        "import type { Services } from '../../composition-root.ts';\nexport type S = Services;\n",
      ),
    ).toEqual([refused]);
    const deeper = "import type { Services } from '../../../composition-root.ts';\nexport type S = Services;\n";
    expect(await lint('apps/server/src/modules/messaging/parts/probe-root.ts', deeper)).toEqual([refused]);
    expect(await lint('apps/server/src/modules/messaging/test/probe-kit.ts', deeper)).toEqual([]);
    const narrow = "import type { Config } from '../../config.ts';\nexport type C = Pick<Config, 'dataDir'>;\n";
    expect(await lint('apps/server/src/modules/flows/probe-narrow.ts', narrow)).toEqual([]);
  });

  it('refuses code outside modules/ reaching past a domain’s index.ts, outside tests', async () => {
    const refused = expect.stringContaining('Outside modules/, code imports a domain only through its index.ts');
    const fromRoot = "import { a } from './modules/messaging/agent-sends.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/probe.ts', fromRoot)).toEqual([refused]);
    const fromHttp = "import { a } from '../modules/messaging/messages.repository.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/http/probe.ts', fromHttp)).toEqual([refused]);
    expect(await lint('apps/server/src/http/probe.test.ts', fromHttp)).toEqual([]);
    const throughIndex = "import { a } from './modules/messaging/index.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/probe-ok.ts', throughIndex)).toEqual([]);
  });

  it('refuses a table import outside a repository (and db/), outside tests', async () => {
    const refused = expect.stringContaining('Only a repository (*.repository.ts) imports the tables');
    const table = "import { messages } from '../../db/schema.ts';\nexport const m = messages;\n";
    expect(await lint('apps/server/src/modules/messaging/probe-use-case.ts', table)).toEqual([refused]);
    const rowType = "import type { campaigns } from '../../db/schema.ts';\nexport type C = typeof campaigns;\n";
    expect(await lint('apps/server/src/modules/campaigns/probe-jobs.ts', rowType)).toEqual([refused]);
    expect(await lint('apps/server/src/realtime/probe.ts', "import { users } from '../db/schema.ts';\nexport const u = users;\n")).toEqual([
      refused,
    ]);
    expect(await lint('apps/server/src/probe-root.ts', "import { users } from './db/schema.ts';\nexport const u = users;\n")).toEqual([
      refused,
    ]);
    expect(
      await lint(
        'apps/server/src/whatsapp/sandbox/probe-table.ts',
        "import { users } from '../../db/schema.ts';\nexport const u = users;\n",
      ),
    ).toEqual([refused]);
    expect(await lint('apps/server/src/modules/messaging/probe.repository.ts', table)).toEqual([]);
    expect(await lint('apps/server/src/modules/messaging/probe-table.test.ts', table)).toEqual([]);
    expect(await lint('apps/server/src/db/probe.ts', "import * as schema from './schema.ts';\nexport const s = schema;\n")).toEqual([]);
    // A repository still reaches another domain only through its index.ts.
    const deep = "import { a } from '../users/users.repository.ts';\nexport const b = a;\n";
    expect(await lint('apps/server/src/modules/flows/probe.repository.ts', deep)).toEqual([
      expect.stringContaining('A domain imports another domain only through its index.ts'),
    ]);
  });
});
