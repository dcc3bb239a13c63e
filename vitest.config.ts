import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Server suites wait on PostgreSQL much of the time: one fork per core (Vitest's default leaves a core idle).
          maxWorkers: os.availableParallelism(),
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
