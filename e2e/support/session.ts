import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './stack.ts';

/** Signs in through the login form, as a person does. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export async function apiToken(request: APIRequestContext, username = E2E_ADMIN.username, password = E2E_ADMIN.password): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** Creates a user through the API as the admin; tests that are about creating users use the UI instead. */
export async function createUserViaApi(
  request: APIRequestContext,
  user: { username: string; password: string; email: string; role: 'admin' | 'agent' },
): Promise<number> {
  const token = await apiToken(request);
  const res = await request.post('/api/register', { data: user, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return (await res.json()).user.id;
}

let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}
