import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { E2E_CONTROL_PORT, E2E_PHONE_NUMBER_ID } from './stack.ts';

let pool: pg.Pool | undefined;

/** The running e2e server's own database (start-stack.ts tells its URL), for stories that seed rows by SQL. */
export async function database(): Promise<pg.Pool> {
  if (!pool) {
    const res = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/database`);
    const url = await res.text();
    if (res.status !== 200) throw new Error(`the e2e stack gave no database URL: ${url}`);
    pool = new pg.Pool({ connectionString: url, max: 2 });
  }
  return pool;
}

export async function closeDatabase(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

type SessionState = 'bot' | 'agent' | 'ended';

export interface SeedMessage {
  direction: 'inbound' | 'outbound';
  at: Date;
  text: string;
  /** Outbound: sent (default), delivered, read or failed. Inbound messages are received. */
  status?: 'sent' | 'delivered' | 'read' | 'failed';
  /** The agent who sent it (a human reply); none for the customer and the bot. */
  userId?: number;
  /** A customer's text as the scorer labelled it. */
  sentiment?: { label: 'positive' | 'neutral' | 'negative'; score: number };
}

export interface SeedConversation {
  name: string;
  phone: string;
  /** In time order. */
  messages: SeedMessage[];
  /** The session's moves, in time order, as messaging logs them (a handoff has no user). */
  changes?: { from: SessionState; to: SessionState; at: Date; userId?: number; reason?: string }[];
}

/**
 * A contact and its conversation with the sandbox's number, stored as the messaging domain stores them (the last
 * message and the session kept on the conversation), in one transaction. Answers the conversation's id.
 */
export async function seedConversation(db: pg.Pool, seed: SeedConversation): Promise<number> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const one = async (text: string, values: unknown[]) => (await client.query(text, values)).rows[0];
    const contact = await one('INSERT INTO contacts (phone, wa_id, name) VALUES ($1, $1, $2) RETURNING id', [seed.phone, seed.name]);
    const last = seed.changes?.at(-1);
    const conversation = await one(
      `INSERT INTO conversations (contact_id, phone_number_id, session_state, session_user_id, session_reason, session_changed_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        contact.id,
        E2E_PHONE_NUMBER_ID,
        last?.to ?? 'bot',
        last?.to === 'agent' ? (last.userId ?? null) : null,
        last?.reason ?? null,
        last?.at ?? null,
      ],
    );
    let lastMessageId = 0;
    for (const m of seed.messages) {
      const inbound = m.direction === 'inbound';
      const row = await one(
        `INSERT INTO messages (conversation_id, wamid, direction, type, content, status, timestamp, sent_at, user_id,
           sentiment_label, sentiment_score, sentiment_language, sentiment_model_label)
         VALUES ($1, $2, $3, 'text', $4, $5, $6, $7, $8, $9, $10, $11, $9) RETURNING id`,
        [
          conversation.id,
          `wamid.seed.${randomBytes(12).toString('hex')}`,
          m.direction,
          JSON.stringify({ text: m.text }),
          inbound ? 'received' : (m.status ?? 'sent'),
          m.at,
          inbound ? null : m.at,
          m.userId ?? null,
          m.sentiment?.label ?? null,
          m.sentiment?.score ?? null,
          m.sentiment ? 'en' : null,
        ],
      );
      lastMessageId = row.id;
    }
    for (const c of seed.changes ?? []) {
      await client.query(
        `INSERT INTO conversation_session_changes (conversation_id, from_state, to_state, reason, user_id, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [conversation.id, c.from, c.to, c.reason ?? null, c.userId ?? null, c.at],
      );
    }
    const lastInbound = seed.messages.filter((m) => m.direction === 'inbound').at(-1);
    await client.query('UPDATE conversations SET last_message_id = $2, last_message_at = $3, last_inbound_at = $4 WHERE id = $1', [
      conversation.id,
      lastMessageId,
      seed.messages.at(-1)?.at ?? null,
      lastInbound?.at ?? null,
    ]);
    await client.query('COMMIT');
    return conversation.id;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}
