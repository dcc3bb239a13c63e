import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Archive, CleanupPreview, MaintenanceRun } from '@wac/contract/cleanup';
import { describe, expect, it } from 'vitest';
import { rollupSettings } from '../analytics/index.ts';
import { rebuildRollups, runRollups } from '../analytics/rollups/run-rollups.ts';
import { cleanupApi, cleanupTestKit } from './test/cleanup-api.ts';
import { archiveLines, daysAgo } from './test/maintenance-seed.ts';

const kit = cleanupTestKit('database');

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await kit.t.ctx.database.pool.query<T>(text, values)).rows;
const count = async (table: string) => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
const tableCounts = async () => ({
  messages: await count('messages'),
  // Each run writes an activity of its own.
  activities: await count(`activities WHERE type <> 'database_cleanup'`),
  usage: await count('api_key_usage'),
  media: await count('media_files'),
});
/** Every analytics counter summed per measure and key: what the dashboards read. */
const figures = () =>
  query('SELECT measure, dimension, value, key, sum(count)::int AS count FROM analytics_counts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4');
const rollUp = async () => runRollups(kit.t.ctx.database.db, await rollupSettings(kit.t.ctx.database.db, await kit.t.ctx.appTimezone()));
const tallyOf = (items: { name: string; count: number }[]) => Object.fromEntries(items.map((item) => [item.name, item.count]));

describe('a database cleanup', () => {
  it('previews and dry-runs exactly what a run then deletes, archives every row first, and keeps what is left whole', async () => {
    // One customer wrote 45 and 40 days ago (a picture) and 5 days ago (a picture); another only 60 days ago, unread.
    const kept = await kit.seed.conversation();
    const old = await kit.seed.pictureMessage(kept.conversationId, 45, 300);
    const oldText = await kit.seed.message({ conversationId: kept.conversationId, direction: 'outbound', at: daysAgo(40) });
    const recent = await kit.seed.pictureMessage(kept.conversationId, 5, 200);
    const gone = await kit.seed.conversation();
    const lonely = await kit.seed.message({ conversationId: gone.conversationId, direction: 'inbound', at: daysAgo(60) });
    await query('UPDATE conversations SET last_message_id = $1, last_message_at = $2, unread_count = 1 WHERE id = $3', [
      lonely,
      daysAgo(60),
      gone.conversationId,
    ]);
    await query('UPDATE conversations SET last_message_id = $1, last_message_at = $2, unread_count = 2 WHERE id = $3', [
      recent.messageId,
      daysAgo(5),
      kept.conversationId,
    ]);
    const activities = [await kit.seed.activity(90, 'auth'), await kit.seed.activity(31, 'system'), await kit.seed.activity(1, 'auth')];
    const key = await kit.seed.apiKey('crm');
    const calls = [await kit.seed.apiCall(key, 50, 200), await kit.seed.apiCall(key, 40, 500), await kit.seed.apiCall(key, 3, 200)];
    await rollUp();
    const countedBefore = await figures();

    const preview = await kit.api.preview({ days: '30' });
    expect(preview.statusCode).toBe(200);
    const previewed = preview.json<CleanupPreview>();
    expect(tallyOf(previewed.items)).toEqual({ messages: 3, activities: 2, usageEvents: 2 });
    const [messages] = previewed.items;
    expect(messages).toMatchObject({ name: 'messages', bytes: 300 });
    expect(Math.round((Date.now() - Date.parse(messages?.oldest ?? '')) / 86_400_000)).toBe(60);
    expect(Math.round((Date.now() - Date.parse(messages?.newest ?? '')) / 86_400_000)).toBe(40);

    const before = await tableCounts();
    const dry = await kit.api.run({ days: 30, dryRun: true });
    expect(dry).toMatchObject({ status: 'completed', dryRun: true });
    expect(tallyOf(dry.items)).toEqual(tallyOf(previewed.items));
    expect(await tableCounts()).toEqual(before);

    const run = await kit.api.run({ days: 30, archiveBeforeDelete: true, batchSize: 2 });
    expect(run).toMatchObject({ status: 'completed', dryRun: false, error: null });
    expect(tallyOf(run.items)).toEqual(tallyOf(dry.items));
    expect(run.items.find((item) => item.name === 'messages')?.bytes).toBe(300);
    expect(await tableCounts()).toEqual({
      messages: before.messages - 3,
      activities: before.activities - 2,
      usage: before.usage - 2,
      media: 1,
    });

    // The old picture's file went with its message; the recent one stays.
    expect(existsSync(path.join(kit.t.dataDir, 'media_storage', old.key))).toBe(false);
    expect(existsSync(path.join(kit.t.dataDir, 'media_storage', recent.key))).toBe(true);

    // Conversations name their latest message left, count what is left unread; the emptied one stays, with none.
    const conversations = await query<{ id: number; last_message_id: number | null; unread_count: number }>(
      'SELECT id, last_message_id, unread_count FROM conversations ORDER BY id',
    );
    expect(conversations).toEqual([
      { id: kept.conversationId, last_message_id: recent.messageId, unread_count: 1 },
      { id: gone.conversationId, last_message_id: null, unread_count: 0 },
    ]);

    // The figures counted before stay, through the job's next pass too.
    expect(await figures()).toEqual(countedBefore);
    await query("INSERT INTO analytics_dirty_buckets (bucket) SELECT date_bin('15 minutes', timestamp, timestamptz 'epoch') FROM messages");
    await rollUp();
    expect(await figures()).toEqual(countedBefore);
    // And through a rebuild (a new timezone or business hours): the buckets before the cut-off were frozen first.
    await rebuildRollups(kit.t.ctx.database.db, await rollupSettings(kit.t.ctx.database.db, await kit.t.ctx.appTimezone()));
    await rollUp();
    expect(await figures()).toEqual(countedBefore);

    // The archives hold every deleted row, the messages with their media rows, and can be downloaded.
    expect(run.archives).toHaveLength(3);
    const listed = (await kit.t.request({ method: 'GET', url: '/api/database/archives', token: kit.admin })).json<{
      archives: Archive[];
    }>();
    expect(listed.archives.map((a) => a.name).sort()).toEqual([...run.archives].sort());
    const lines = async (name: string) => {
      const res = await kit.t.request({ method: 'GET', url: `/api/database/archives/${name}`, token: kit.admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      return archiveLines(res.rawPayload);
    };
    const archived = Object.fromEntries(await Promise.all(run.archives.map(async (name) => [name.split('-')[0], await lines(name)])));
    expect(archived.messages.map((m: { id: number }) => m.id).sort()).toEqual([old.messageId, oldText, lonely].sort());
    expect(archived.messages.find((m: { id: number }) => m.id === old.messageId).media).toEqual([
      expect.objectContaining({ storage_key: old.key, file_size: 300 }),
    ]);
    expect(archived.activities.map((a: { id: number }) => a.id)).toEqual(activities.slice(0, 2));
    expect(archived.usageEvents.map((u: { id: number }) => u.id)).toEqual(calls.slice(0, 2));

    // History and an activity saying who did what.
    const status = await kit.api.status();
    expect(status.running).toBeNull();
    expect(status.history.map((r) => [r.id, r.dryRun])).toEqual([
      [run.id, false],
      [dry.id, true],
    ]);
    const [recorded] = await query<{ data: { details: string }; user_id: number }>(
      "SELECT data, user_id FROM activities WHERE type = 'database_cleanup' ORDER BY id DESC LIMIT 1",
    );
    expect(recorded?.data.details).toBe('deleted 3 messages (300 B), 2 activities, 2 usageEvents');
  });
});

describe('what a database cleanup refuses', () => {
  it.each([
    [{ days: -1 }, 'days'],
    [{ days: 3651 }, 'days'],
    [{ days: 'soon' }, 'days'],
    [{ collections: ['messages', 'contacts'] }, 'collections'],
    [{ collections: [] }, 'collections'],
    [{ batchSize: 0 }, 'batchSize'],
    [{ batchSize: 100_001 }, 'batchSize'],
    [{ criteria: { messages: { direction: 'sideways' } } }, 'criteria.messages.direction'],
    [{ criteria: { messages: 'all' } }, 'criteria.messages'],
    [{ criteria: { contacts: {} } }, 'criteria'],
    [{ archiveBeforeDelete: 'yes' }, 'archiveBeforeDelete'],
  ])('%j: 400 naming %s, nothing deleted', async (payload, field) => {
    const before = await tableCounts();
    const res = await kit.api.start({ days: 0, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses an agent', async () => {
    const agent = await kit.t.createUser({ username: 'cleanup_agent' });
    const res = await cleanupApi(kit.t, agent.token, 'database').start({ days: 0 });
    expect(res.statusCode).toBe(403);
  });

  it('answers a stop with no run under way plainly', async () => {
    const res = await kit.api.stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stopping: false, message: 'No cleanup is running' });
  });
});

describe('runs', () => {
  it('stops after the batch under way when asked, and answers a second start with 409 and the run meanwhile', async () => {
    const conversation = await kit.seed.conversation();
    await query(
      `INSERT INTO messages (conversation_id, direction, type, status, timestamp)
       SELECT $1, 'outbound', 'text', 'sent', now() - interval '100 days' + i * interval '1 minute' FROM generate_series(1, 400) i`,
      [conversation.conversationId],
    );
    const started = await kit.api.start({ days: 30, collections: ['messages'], batchSize: 1 });
    expect(started.statusCode).toBe(202);
    const second = await kit.api.start({ days: 30, collections: ['messages'] });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      running: { id: started.json().id, status: expect.stringMatching(/running|stopping/) },
    });
    expect((await kit.api.stop()).json()).toEqual({ stopping: true, message: 'The cleanup stops after its current batch' });
    const run = await kit.api.finished(started.json<MaintenanceRun>().id);
    expect(run.status).toBe('stopped');
    const deleted = run.items[0]?.count ?? -1;
    expect(deleted).toBeLessThan(400);
    expect(await count(`messages WHERE conversation_id = ${conversation.conversationId}`)).toBe(400 - deleted);
    // The rest, archived: a collection with nothing to delete leaves no archive.
    const rest = await kit.api.run({ days: 30, collections: ['messages', 'usageEvents'], batchSize: 500, archiveBeforeDelete: true });
    expect(rest.archives).toEqual([expect.stringMatching(/^messages-/)]);
  });

  it('holds one run of a kind across processes: another server’s live run refuses a start; a run whose server died shows interrupted', async () => {
    const [other] = await query<{ id: number }>(
      `INSERT INTO maintenance_runs (kind, options, progress) VALUES ('database_cleanup', '{}', '{"items":[{"name":"messages","count":7,"bytes":0,"oldest":null,"newest":null}],"archives":[]}') RETURNING id`,
    );
    const refused = await kit.api.start({ days: 30 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().running).toMatchObject({ id: other?.id, items: [{ name: 'messages', count: 7 }] });

    await query("UPDATE maintenance_runs SET heartbeat_at = now() - interval '1 minute' WHERE id = $1", [other?.id]);
    const status = await kit.api.status();
    expect(status.running).toBeNull();
    expect(status.history.find((r) => r.id === other?.id)).toMatchObject({ status: 'interrupted', items: [{ count: 7 }] });
    expect((await kit.api.run({ days: 30, dryRun: true })).status).toBe('completed');
  });
});
