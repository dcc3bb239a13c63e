import type { TestApp } from './test-app.ts';

export interface SeededUser {
  id: number;
  username: string;
  password: string;
  email: string;
  token: string;
}

/** Creates a user through POST /api/register and signs them in; `verified: false` leaves their email unverified. */
export async function addUser(
  t: TestApp,
  input: { username: string; role?: 'admin' | 'agent'; email?: string; password?: string; verified?: boolean },
): Promise<SeededUser> {
  const password = input.password ?? 'secret-pass';
  const email = input.email ?? `${input.username}@example.com`;
  const { id, token } = await t.createUser({ username: input.username, password, role: input.role ?? 'agent', email });
  // Whether a new address starts verified is the users module's choice; tests state it explicitly.
  await t.ctx.database.pool.query('UPDATE users SET email_verified_at = $2 WHERE id = $1', [
    id,
    input.verified === false ? null : new Date(),
  ]);
  return { id, username: input.username, password, email, token };
}

/** Turns "require email verification" on or off through the email settings endpoint, as an admin does. */
export async function requireEmailVerification(t: TestApp, required: boolean): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: '/api/email/settings',
    token: await t.adminToken(),
    payload: { settings: { requireVerification: required } },
  });
  if (res.statusCode !== 200) throw new Error(`email settings update failed: ${res.statusCode} ${res.body}`);
}
