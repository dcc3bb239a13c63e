import { describe, expect, it } from 'vitest';
import { domainDependents, serverSuitesFor } from './server-suites.mjs';

describe('the server suites test:fast runs', () => {
  it('are the folders of the domains changed', () => {
    expect(
      serverSuitesFor([
        'apps/server/src/modules/campaigns/campaigns.service.ts',
        'apps/server/src/modules/users/test/users-kit.ts',
        'apps/server/src/modules/campaigns/campaigns.routes.test.ts',
      ]),
    ).toEqual(['apps/server/src/modules/campaigns/', 'apps/server/src/modules/users/']);
  });

  it('take in the domains that use a changed one through its index.ts, and those that use them', () => {
    const dependentsOf = domainDependents([
      { path: 'apps/server/src/modules/auth/auth.service.ts', text: "import { toUser } from '../accounts/index.ts';" },
      { path: 'apps/server/src/modules/users/users.service.ts', text: "import type { AuthService } from '../auth/index.ts';" },
      { path: 'apps/server/src/modules/flows/flows.service.ts', text: "import { x } from '../flows/index.ts';" },
    ]);
    expect(serverSuitesFor(['apps/server/src/modules/accounts/user-dto.ts'], dependentsOf)).toEqual([
      'apps/server/src/modules/accounts/',
      'apps/server/src/modules/auth/',
      'apps/server/src/modules/users/',
    ]);
    expect(serverSuitesFor(['apps/server/src/modules/flows/flows.service.ts'], dependentsOf)).toEqual(['apps/server/src/modules/flows/']);
  });

  it('are all of them when a change reaches every domain', () => {
    for (const file of [
      'apps/server/src/db/schema.ts',
      'apps/server/src/http/errors.ts',
      'apps/server/src/realtime/realtime.ts',
      'apps/server/src/modules/index.ts',
      'apps/server/test/test-database.ts',
      'apps/server/package.json',
      'packages/contract/src/users.ts',
      'package-lock.json',
      'vitest.config.ts',
    ]) {
      expect(serverSuitesFor(['apps/server/src/modules/flows/flows.service.ts', file]), file).toBe('all');
    }
  });

  it('are none when only the console, the browser tests or the docs changed', () => {
    expect(serverSuitesFor(['apps/web/src/App.tsx', 'e2e/chat.spec.ts', 'README.md', 'scripts/test.mjs', 'bench/README.md'])).toEqual([]);
  });
});
