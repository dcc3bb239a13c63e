import { expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { CUSTOMER_RETURNED_REASON, reopenEndedSessions, setSession, setSessions } from './conversation-sessions.repository.ts';

const database = freshDatabaseForFile();

async function seedConversations(count: number, state: 'bot' | 'agent' | 'ended'): Promise<number[]> {
  const { rows } = await database.pool.query<{ id: number }>(
    `WITH people AS (
       INSERT INTO contacts (phone, wa_id) SELECT p, p FROM (SELECT '4477009' || lpad((random() * 1e6)::int::text, 6, '0') || g AS p
       FROM generate_series(1, $1) g) x RETURNING id
     )
     INSERT INTO conversations (contact_id, phone_number_id, session_state) SELECT id, 'pn-1', $2 FROM people RETURNING id`,
    [count, state],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function agentId(username: string): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, role) VALUES ($1, 'x', 'agent') RETURNING id`,
    [username],
  );
  return rows[0]?.id as number;
}

/** The logged moves of these conversations, with each conversation's session_changed_at beside its move. */
async function changesOf(ids: number[]) {
  const { rows } = await database.pool.query(
    `SELECT s.conversation_id, s.from_state, s.to_state, s.reason, s.user_id, s.changed_at, c.session_changed_at
     FROM conversation_session_changes s JOIN conversations c ON c.id = s.conversation_id
     WHERE s.conversation_id = ANY($1) ORDER BY s.id`,
    [ids],
  );
  return rows;
}

it('logs a conversation’s move with the state it left, in the same transaction, at the time written on the conversation', async () => {
  const [id] = (await seedConversations(1, 'bot')) as [number];
  const agent = await agentId('logger-agent');
  const changedAt = await database.db.transaction((tx) => setSession(tx, id, { state: 'agent', userId: agent, reason: 'agent_takeover' }));
  // A move rolled back leaves no log either.
  await expect(
    database.db.transaction(async (tx) => {
      await setSession(tx, id, { state: 'ended', userId: agent, reason: 'agent_ended' });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await database.db.transaction((tx) => setSession(tx, id, { state: 'ended', userId: agent, reason: 'agent_ended' }));

  const changes = await changesOf([id]);
  expect(changes.map(({ from_state, to_state, reason, user_id }) => ({ from_state, to_state, reason, user_id }))).toEqual([
    { from_state: 'bot', to_state: 'agent', reason: 'agent_takeover', user_id: agent },
    { from_state: 'agent', to_state: 'ended', reason: 'agent_ended', user_id: agent },
  ]);
  expect(changes[0]?.changed_at).toEqual(changedAt);
  expect(changes[1]?.changed_at).toEqual(changes[1]?.session_changed_at);
});

it('logs every conversation a bot hands over at once, each with the state it held', async () => {
  const bots = await seedConversations(2, 'bot');
  const [ended] = (await seedConversations(1, 'ended')) as [number];
  const ids = [...bots, ended];
  const changedAt = await database.db.transaction((tx) => setSessions(tx, ids, { state: 'agent', userId: null, reason: 'bot_handoff' }));

  const changes = await changesOf(ids);
  expect(changes.map((c) => [c.conversation_id, c.from_state, c.to_state, c.reason, c.user_id])).toEqual([
    [bots[0], 'bot', 'agent', 'bot_handoff', null],
    [bots[1], 'bot', 'agent', 'bot_handoff', null],
    [ended, 'ended', 'agent', 'bot_handoff', null],
  ]);
  for (const change of changes) {
    expect(change.changed_at).toEqual(changedAt);
    expect(change.session_changed_at).toEqual(changedAt);
  }
});

it('logs a reopening only for conversations that were ended, as ended → bot for the customer’s return', async () => {
  const [ended] = (await seedConversations(1, 'ended')) as [number];
  const [bot] = (await seedConversations(1, 'bot')) as [number];
  const sessions = await database.db.transaction((tx) =>
    reopenEndedSessions(tx, [
      { conversationId: ended, phone: '+1' },
      { conversationId: bot, phone: '+2' },
    ]),
  );
  expect(sessions.map((s) => [s.conversationId, s.state, s.reason])).toEqual([[ended, 'bot', CUSTOMER_RETURNED_REASON]]);

  const changes = await changesOf([ended, bot]);
  expect(changes.map((c) => [c.conversation_id, c.from_state, c.to_state, c.reason, c.user_id])).toEqual([
    [ended, 'ended', 'bot', CUSTOMER_RETURNED_REASON, null],
  ]);
  expect(changes[0]?.changed_at.toISOString()).toBe(sessions[0]?.changedAt);
  expect(changes[0]?.session_changed_at).toEqual(changes[0]?.changed_at);
});

it('marks the 15-minute bucket of each move for the analytics rollups', async () => {
  const [id] = (await seedConversations(1, 'bot')) as [number];
  await database.pool.query('DELETE FROM analytics_dirty_buckets');
  const changedAt = await database.db.transaction((tx) => setSession(tx, id, { state: 'ended', userId: null, reason: 'agent_ended' }));
  const { rows } = await database.pool.query<{ bucket: Date }>('SELECT bucket FROM analytics_dirty_buckets');
  const quarter = 15 * 60_000;
  expect(rows.map((row) => row.bucket)).toEqual([new Date(Math.floor(changedAt.getTime() / quarter) * quarter)]);
});
