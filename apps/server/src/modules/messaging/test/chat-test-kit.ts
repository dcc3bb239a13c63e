import type { SandboxConversation } from '@wac/contract/whatsapp-sandbox';
import { eq, inArray } from 'drizzle-orm';
import { conversations, messages } from '../../../db/schema.ts';
import { inboundPayload, newWamid } from '../../../whatsapp/sandbox/webhook-payloads.ts';
import { eventually, type ListeningTestApp, postWebhook } from '../../../whatsapp/test/listening-test-app.ts';

export const HOUR_MS = 3_600_000;

function business(t: ListeningTestApp) {
  const { businessAccountId, phoneNumberId } = t.ctx.config.whatsapp;
  return { wabaId: businessAccountId, phoneNumberId, displayPhoneNumber: '15550100001' };
}

async function storedMessages(t: ListeningTestApp, wamids: string[]) {
  const rows = await eventually(async () => {
    const found = await t.ctx.database.db.select().from(messages).where(inArray(messages.wamid, wamids));
    return found.length === wamids.length ? found : null;
  });
  return wamids.map((wamid) => rows.find((r) => r.wamid === wamid) as (typeof rows)[number]);
}

/** A customer writes through the sandbox's simulator: a signed webhook, and the sandbox remembers the message. */
export async function customerWrites(t: ListeningTestApp, input: { from: string; name?: string; text: string }) {
  const res = await fetch(`${t.baseUrl}/sandbox/control/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.adminToken()}` },
    body: JSON.stringify({ type: 'text', ...input }),
  });
  if (res.status !== 200) throw new Error(`sandbox inbound failed: ${res.status} ${await res.text()}`);
  const { wamid } = (await res.json()) as { wamid: string };
  const [stored] = await storedMessages(t, [wamid]);
  if (!stored) throw new Error(`message ${wamid} not stored`);
  return stored;
}

/** Customer messages written at given times, delivered in one signed webhook as Meta batches them. */
export async function customerWroteAt(t: ListeningTestApp, input: { from: string; name?: string; texts: { text: string; at: Date }[] }) {
  const wamids = input.texts.map(() => newWamid());
  const payloads = input.texts.map(({ text, at }, i) =>
    inboundPayload(business(t), {
      from: input.from,
      name: input.name,
      wamid: wamids[i] as string,
      date: at,
      message: { type: 'text', text: { body: text } },
    }),
  );
  const [first, ...rest] = payloads;
  if (!first) throw new Error('no messages to write');
  const messagesOf = (payload: typeof first) =>
    (payload.entry[0]?.changes[0]?.value as unknown as { messages?: unknown[] } | undefined)?.messages ?? [];
  messagesOf(first).push(...rest.flatMap(messagesOf));
  const res = await postWebhook(t.baseUrl, first, { secret: t.ctx.config.whatsapp.appSecret });
  if (res.status !== 200) throw new Error(`webhook refused: ${res.status}`);
  return storedMessages(t, wamids);
}

/** Moves the customer's last message back in time, as if the hours had passed. */
export async function customerLastWrote(t: ListeningTestApp, conversationId: number, at: Date) {
  await t.ctx.database.db.update(conversations).set({ lastInboundAt: at }).where(eq(conversations.id, conversationId));
}

export async function sandboxConversation(t: ListeningTestApp, phone: string): Promise<SandboxConversation> {
  const res = await fetch(`${t.baseUrl}/sandbox/control/conversation?phone=${encodeURIComponent(phone)}`, {
    headers: { authorization: `Bearer ${await t.adminToken()}` },
  });
  if (res.status !== 200) throw new Error(`sandbox conversation failed: ${res.status}`);
  return (await res.json()) as SandboxConversation;
}

/** Tells the sandbox to refuse the next send with a Graph error, or (`via: 'status'`) to accept it and report it failed (admins only). */
export async function failNextSend(
  t: ListeningTestApp,
  adminToken: string,
  failure: { code: number; details?: string; via?: 'response' | 'status' },
) {
  const res = await fetch(`${t.baseUrl}/sandbox/control/fail-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ httpStatus: 400, via: 'response', ...failure }),
  });
  if (res.status !== 200) throw new Error(`fail-next failed: ${res.status}`);
}

export async function messageRows(t: ListeningTestApp, conversationId: number) {
  return t.ctx.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));
}
