import type { ApiKeyScope } from '@wac/contract/api-keys';
import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import type { ListeningTestApp } from '../../../whatsapp/test/listening-test-app.ts';
import { createKey } from '../../api-keys/test/api-key-test-kit.ts';
import { sandboxConversation } from '../../messaging/test/chat-test-kit.ts';

export interface TestKey {
  id: number;
  name: string;
  secret: string;
}

/** A key created as an admin does, through POST /api/keys. */
export async function newKey(t: ListeningTestApp, name: string, scopes: ApiKeyScope[]): Promise<TestKey> {
  const { key, secret } = await createKey(t, { name, scopes });
  return { id: key.id, name: key.name, secret };
}

/** A JSON send with X-API-Key (and any other headers, such as Idempotency-Key). */
export const keyCall = (t: ListeningTestApp, url: string, key: TestKey, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { 'x-api-key': key.secret, ...headers } });

/** POST /api/send-media over HTTP as multipart, with X-API-Key; the answer is read whole. */
export async function keyUpload(
  t: ListeningTestApp,
  key: TestKey,
  fields: Record<string, string>,
  file: { bytes: Buffer; type: string; name: string } | null,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${t.baseUrl}/api/send-media`, { method: 'POST', headers: { 'x-api-key': key.secret, ...headers }, body: form });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** What the sandbox's Graph API accepted for this customer: each business message once. */
export async function sentTo(t: ListeningTestApp, phone: string): Promise<SandboxMessage[]> {
  return (await sandboxConversation(t, phone)).messages.filter((m) => m.direction === 'to_customer');
}
