import { expect, it } from 'vitest';
import { phoneOfSandboxBsuid, sandboxBsuid } from './user-ids.ts';

it('gives each simulated number a BSUID of its country, and finds the number again from it alone', () => {
  const bsuid = sandboxBsuid('447700900123');
  expect(bsuid).toMatch(/^GB\.\d+$/);
  expect(bsuid).not.toContain('447700900123');
  expect(phoneOfSandboxBsuid(bsuid)).toBe('447700900123');
  expect(sandboxBsuid('5511987654321')).toMatch(/^BR\./);
  expect(phoneOfSandboxBsuid('US.13491208655302741918')).toBeNull();
  expect(phoneOfSandboxBsuid(`FR.${bsuid.slice(3)}`)).toBeNull();
});
