import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domains: ['activities'] });
});
afterAll(() => t.close());

it('lists a takeover once in the type filter, and filtering by it finds the copy written for the colleague too', async () => {
  const amy = await addUser(t, { username: 'amy' });
  const ben = await addUser(t, { username: 'ben' });
  const customer = { name: 'Nora', recipient: '+447700900123' };
  await t.ctx.activities.recordMany([
    { type: 'agent_takeover', sourceType: 'user', userId: ben.id, data: { username: 'ben', previousAgent: 'amy', ...customer } },
    { type: 'agent_taken_over', sourceType: 'whatsapp', userId: amy.id, data: { username: 'amy', takenOverBy: 'ben', ...customer } },
    { type: 'login', sourceType: 'auth', userId: ben.id, data: { username: 'ben' } },
  ]);
  const admin = await t.adminToken();

  const all = (await t.request({ method: 'GET', url: '/api/activities', token: admin })).json();
  expect(all.types.filter((type: string) => type.startsWith('agent_'))).toEqual(['agent_takeover']);

  const takeovers = (await t.request({ method: 'GET', url: '/api/activities?type=agent_takeover', token: admin })).json();
  expect(takeovers.activities.map((a: { type: string }) => a.type).sort()).toEqual(['agent_taken_over', 'agent_takeover']);
  expect(takeovers.total).toBe(2);

  // Amy sees her copy under the same entry.
  const amys = (await t.request({ method: 'GET', url: '/api/activities?type=agent_takeover', token: amy.token })).json();
  expect(amys.types).toContain('agent_takeover');
  expect(amys.activities.map((a: { type: string }) => a.type)).toEqual(['agent_taken_over']);
});
