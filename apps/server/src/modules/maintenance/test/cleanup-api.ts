import { setTimeout as sleep } from 'node:timers/promises';
import type { CleanupStatus, MaintenanceRun } from '@wac/contract/cleanup';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { maintenanceSeed } from './maintenance-seed.ts';

type Area = 'storage' | 'database';

/** The cleanup endpoints of one area, as an admin calls them. */
export function cleanupApi(t: TestApp, token: string, area: Area) {
  const base = `/api/${area}/cleanup`;
  return {
    preview: (query: Record<string, string> = {}) => t.request({ method: 'GET', url: `${base}/preview`, query, token }),
    start: (payload: object) => t.request({ method: 'POST', url: base, payload, token }),
    stop: () => t.request({ method: 'POST', url: `${base}/stop`, token }),
    async status(): Promise<CleanupStatus> {
      return (await t.request({ method: 'GET', url: `${base}/status`, token })).json();
    },
    /** Starts a run and waits for it to end; answers it as the history has it. */
    async run(payload: object): Promise<MaintenanceRun> {
      const res = await this.start(payload);
      if (res.statusCode !== 202) throw new Error(`cleanup refused: ${res.statusCode} ${res.body}`);
      return this.finished(res.json<MaintenanceRun>().id);
    },
    async finished(id: number): Promise<MaintenanceRun> {
      for (let tries = 0; tries < 600; tries++) {
        const status = await this.status();
        const run = status.history.find((r) => r.id === id);
        if (run) return run;
        await sleep(20);
      }
      throw new Error(`run ${id} never finished`);
    },
  };
}

export interface CleanupTestKit {
  t: TestApp;
  admin: string;
  api: ReturnType<typeof cleanupApi>;
  seed: ReturnType<typeof maintenanceSeed>;
}

/** A test app of the maintenance domain for the file, its admin signed in, with the area's cleanup API and a seed. */
export function cleanupTestKit(area: Area): CleanupTestKit {
  const kit = {} as CleanupTestKit;
  beforeAll(async () => {
    kit.t = await createTestApp({ domains: ['maintenance'] });
    kit.admin = await kit.t.adminToken();
    kit.api = cleanupApi(kit.t, kit.admin, area);
    kit.seed = maintenanceSeed(kit.t.ctx.database.pool, kit.t.dataDir);
  });
  afterAll(() => kit.t.close());
  return kit;
}
