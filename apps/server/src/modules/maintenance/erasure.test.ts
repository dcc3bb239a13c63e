import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Erasure } from '@wac/contract/erasure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rollupSettings } from '../analytics/index.ts';
import { rebuildRollups, runRollups } from '../analytics/rollups/run-rollups.ts';
import { daysAgo, maintenanceSeed } from './test/maintenance-seed.ts';

let t: TestApp;
let admin: string;
let seed: ReturnType<typeof maintenanceSeed>;

beforeAll(async () => {
  t = await createTestApp({ domains: ['maintenance'] });
  admin = await t.adminToken();
  seed = maintenanceSeed(t.ctx.database.pool, t.dataDir);
});
afterAll(() => t.close());

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.ctx.database.pool.query<T>(text, values)).rows;
const settings = async () => rollupSettings(t.ctx.database.db, await t.ctx.appTimezone());
const figures = () =>
  query('SELECT measure, dimension, value, key, sum(count)::int AS count FROM analytics_counts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4');
const erase = (phone: string, token = admin) => t.request({ method: 'POST', url: '/api/privacy/erasure', payload: { phone }, token });
const preview = (phone: string) => t.request({ method: 'GET', url: '/api/privacy/erasure/preview', query: { phone }, token: admin });

/** A customer with a history everywhere the app keeps one: answers their contact, conversation and picture. */
async function customerWithHistory(name: string) {
  const { conversationId, contactId } = await seed.conversation();
  const [contact] = await query<{ phone: string }>('SELECT phone FROM contacts WHERE id = $1', [contactId]);
  const phone = contact?.phone as string;
  await query('UPDATE contacts SET name = $1 WHERE id = $2', [name, contactId]);
  await seed.message({ conversationId, direction: 'inbound', at: daysAgo(3), text: `Hi, ${name} here` });
  const picture = await seed.pictureMessage(conversationId, 3, 500);
  const agent = await seed.agent(`agent_of_${name}`);
  await seed.change({ conversationId, from: 'bot', to: 'agent', userId: agent, at: daysAgo(2.9) });
  await seed.message({ conversationId, direction: 'outbound', userId: agent, at: daysAgo(2.8), text: 'How can I help?' });
  const sent = await seed.message({ conversationId, direction: 'outbound', at: daysAgo(10), templateName: 'promo' });
  const campaignId = await seed.campaignSend(sent, `spring for ${name}`);
  await seed.flowSession({ flowId: await seed.flow(`flow for ${name}`), conversationId, at: daysAgo(3), endedAt: daysAgo(2.9) });
  await query(`INSERT INTO activities (type, source_type, data) VALUES ('message_received', 'whatsapp', $1)`, [
    { name, recipient: `+${phone}` },
  ]);
  await query(`INSERT INTO webhook_events (payload, processed_at) VALUES ($1, now())`, [{ entry: [{ from: phone, text: 'Hi' }] }]);
  const [hook] = await query<{ id: number }>(
    `INSERT INTO outbound_webhooks (url, secret_sealed, events) VALUES ('https://crm.example/hook', 'x', ARRAY['message.received']) RETURNING id`,
  );
  await query(`INSERT INTO outbound_deliveries (webhook_id, event, payload) VALUES ($1, 'message.received', $2)`, [
    hook?.id,
    { from: `+${phone}`, text: 'Hi' },
  ]);
  return { phone, contactId, conversationId, picture, campaignId };
}

describe('erasing a customer on request', () => {
  it('previews what goes, then erases every trace of them but the counts, and leaves other customers whole', async () => {
    const ann = await customerWithHistory('Ann');
    const bob = await customerWithHistory('Bob');
    await runRollups(t.ctx.database.db, await settings());
    const counted = await figures();
    const bobsRows = await query('SELECT id FROM messages WHERE conversation_id = $1 ORDER BY id', [bob.conversationId]);

    const previewed = await preview(`+${ann.phone}`);
    expect(previewed.statusCode).toBe(200);
    const expected = {
      messages: 4,
      mediaFiles: 1,
      conversations: 1,
      campaignRecipients: 1,
      flowSessions: 1,
      activities: 1,
      webhookEvents: 1,
      outboundDeliveries: 1,
      apiReplays: 0,
    };
    const tally = (erasure: Erasure) => Object.fromEntries(erasure.items.map((item) => [item.name, item.count]));
    expect(previewed.json<Erasure>()).toMatchObject({
      contact: { id: ann.contactId, phone: `+${ann.phone}`, name: 'Ann' },
      erasedAt: null,
    });
    expect(tally(previewed.json())).toEqual(expected);
    expect(previewed.json<Erasure>().items.find((item) => item.name === 'mediaFiles')?.bytes).toBe(500);

    const res = await erase(ann.phone);
    expect(res.statusCode).toBe(200);
    expect(tally(res.json())).toEqual(expected);
    expect(res.json<Erasure>().erasedAt).not.toBeNull();

    // Nothing of Ann is left anywhere: not her number, not her name.
    const mentioning = await query(
      `SELECT 'contacts' FROM contacts WHERE phone = $1 UNION ALL SELECT 'conversations' FROM conversations WHERE contact_id = $2
       UNION ALL SELECT 'messages' FROM messages WHERE conversation_id = $3
       UNION ALL SELECT 'recipients' FROM campaign_recipients WHERE wa_id = $1 OR campaign_id = $4
       UNION ALL SELECT 'flows' FROM flow_sessions WHERE conversation_id = $3
       UNION ALL SELECT 'activities' FROM activities WHERE data::text LIKE '%' || $1 || '%' OR data::text LIKE '%Ann%'
       UNION ALL SELECT 'webhooks' FROM webhook_events WHERE payload::text LIKE '%' || $1 || '%'
       UNION ALL SELECT 'deliveries' FROM outbound_deliveries WHERE payload::text LIKE '%' || $1 || '%'
       UNION ALL SELECT 'samples' FROM analytics_response_samples WHERE conversation_id = $3`,
      [ann.phone, ann.contactId, ann.conversationId, ann.campaignId],
    );
    expect(mentioning).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'media_storage', ann.picture.key))).toBe(false);

    // Bob's history is whole; the figures counted stay, through the job and a rebuild.
    expect(await query('SELECT id FROM messages WHERE conversation_id = $1 ORDER BY id', [bob.conversationId])).toEqual(bobsRows);
    expect(existsSync(path.join(t.dataDir, 'media_storage', bob.picture.key))).toBe(true);
    expect(await figures()).toEqual(counted);
    await rebuildRollups(t.ctx.database.db, await settings());
    await runRollups(t.ctx.database.db, await settings());
    expect(await figures()).toEqual(counted);

    // The activity says who erased which contact, by its number in our books only.
    const [recorded] = await query<{ data: { details: string }; user_id: number }>(
      "SELECT data, user_id FROM activities WHERE type = 'contact_erased'",
    );
    expect(recorded?.data.details).toBe(
      `contact #${ann.contactId}: 4 messages, 1 mediaFiles, 1 conversations, 1 campaignRecipients, 1 flowSessions, 1 activities, 1 webhookEvents, 1 outboundDeliveries`,
    );
    expect(JSON.stringify(recorded)).not.toContain(ann.phone);

    // Erased is gone: a second request finds no such customer.
    expect((await erase(ann.phone)).statusCode).toBe(400);
  });

  it('refuses bad input, an unknown customer and an agent, erasing nothing', async () => {
    const [before] = await query<{ n: number }>('SELECT count(*)::int AS n FROM messages');
    const bad = await erase('call me');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('phone');
    const unknown = await erase('+447700900999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('No customer has the phone number +447700900999 (body phone)');
    expect((await preview('447700900999')).json().error).toBe('No customer has the phone number +447700900999 (query phone)');
    const agent = await t.createUser({ username: 'erasure_agent' });
    expect((await erase('+447700900999', agent.token)).statusCode).toBe(403);
    expect(await query('SELECT count(*)::int AS n FROM messages')).toEqual([before]);
  });
});
