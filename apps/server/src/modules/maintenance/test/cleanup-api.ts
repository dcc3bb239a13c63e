import { setTimeout as sleep } from 'node:timers/promises';
import type { CleanupStatus, MaintenanceRun } from '@wac/contract/cleanup';
import type { TestApp } from '../../../../test/test-app.ts';

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
