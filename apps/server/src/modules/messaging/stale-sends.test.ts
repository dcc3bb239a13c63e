import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { messages } from '../../db/schema.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { failStaleSends, UNKNOWN_OUTCOME } from './stale-sends.ts';
import { customerWrites } from './test/chat-test-kit.ts';

let agent: SeededUser;
const { t } = liveTestApp(
  async (app) => {
    agent = await addUser(app, { username: 'stale-agent' });
    return app.adminToken();
  },
  { domains: ['messaging'] },
);

/** A send the server never finished: pending, no wamid, last touched `minutesAgo`. */
async function unfinishedSend(conversationId: number, text: string, minutesAgo: number) {
  const [row] = await t.ctx.database.db
    .insert(messages)
    .values({
      conversationId,
      direction: 'outbound',
      type: 'text',
      content: { text },
      status: 'pending',
      userId: agent.id,
      updatedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
    })
    .returning();
  return row as typeof messages.$inferSelect;
}

const row = async (id: number) => (await t.ctx.database.db.select().from(messages).where(eq(messages.id, id)))[0];

describe('sends left without Meta’s answer', () => {
  it('are failed as of unknown outcome once no send could still be running, and can then be retried to read', async () => {
    const inbound = await customerWrites(t, { from: '447700900251', text: 'Hello?' });
    const lost = await unfinishedSend(inbound.conversationId, 'Lost in a restart', 11);
    const running = await unfinishedSend(inbound.conversationId, 'Still being sent', 1);

    const failed = await failStaleSends(t.ctx.database.db);
    expect(failed.map((m) => m.id)).toEqual([lost.id]);
    expect(await row(lost.id)).toMatchObject({
      status: 'failed',
      errorCode: null,
      errorTitle: UNKNOWN_OUTCOME.title,
      errorDetails: UNKNOWN_OUTCOME.details,
    });
    expect((await row(running.id))?.status).toBe('pending');
    expect(await failStaleSends(t.ctx.database.db)).toEqual([]);

    const list = await t.request({ method: 'GET', url: '/api/failed-messages?timeRange=24h', token: agent.token });
    expect(list.json().messages.map((m: { id: number }) => m.id)).toContain(lost.id);
    const retried = await t.request({ method: 'POST', url: `/api/retry-message/${lost.id}`, token: agent.token });
    expect(retried.statusCode, retried.body).toBe(200);
    await eventually(async () => (await row(lost.id))?.status === 'read');
    expect((await row(lost.id))?.wamid).toMatch(/^wamid\./);
  });
});
