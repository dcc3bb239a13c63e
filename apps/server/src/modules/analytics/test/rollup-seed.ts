import type pg from 'pg';

/* Source rows seeded by SQL, as the messaging, flows and campaigns domains store them, for the rollup tests. */

export interface SeedMessage {
  conversationId: number;
  direction: 'inbound' | 'outbound';
  at: string | Date;
  type?: string;
  status?: string;
  userId?: number | null;
  apiKeyId?: number | null;
  templateName?: string | null;
  /** The customer's words, as content.text. */
  text?: string;
  sentiment?: { label: 'positive' | 'neutral' | 'negative'; score: number } | null;
}

export function rollupSeed(pool: pg.Pool) {
  let phones = 0;
  const one = async <T>(text: string, values: unknown[]): Promise<T> => (await pool.query(text, values)).rows[0] as T;

  const campaign = async (name: string): Promise<number> =>
    (
      await one<{ id: number }>(
        `INSERT INTO campaigns (name, template_name, template_language) VALUES ($1, 'promo', 'en_US') RETURNING id`,
        [name],
      )
    ).id;
  /** A campaign's recipient row pointing at the message sent for it. */
  const recipient = async (campaignId: number, messageId: number): Promise<void> => {
    await pool.query(`INSERT INTO campaign_recipients (campaign_id, phone, wa_id, message_id, state) VALUES ($1, $2, $2, $3, 'sent')`, [
      campaignId,
      `+4477009${messageId}`,
      messageId,
    ]);
  };

  return {
    async agent(username: string): Promise<number> {
      const row = await one<{ id: number }>(`INSERT INTO users (username, password_hash, role) VALUES ($1, 'x', 'agent') RETURNING id`, [
        username,
      ]);
      return row.id;
    },

    /** A conversation with the number given, of a new contact unless one is given; answers both ids. */
    async conversation(phoneNumberId = 'pn-1', contactId?: number): Promise<{ conversationId: number; contactId: number }> {
      phones += 1;
      const phone = `4477009${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`;
      const contact =
        contactId ?? (await one<{ id: number }>('INSERT INTO contacts (phone, wa_id) VALUES ($1, $1) RETURNING id', [phone])).id;
      const conversation = await one<{ id: number }>(
        'INSERT INTO conversations (contact_id, phone_number_id) VALUES ($1, $2) RETURNING id',
        [contact, phoneNumberId],
      );
      return { conversationId: conversation.id, contactId: contact };
    },

    async message(m: SeedMessage): Promise<number> {
      const row = await one<{ id: number }>(
        `INSERT INTO messages (conversation_id, direction, type, status, timestamp, user_id, api_key_id, template_name,
           sentiment_label, sentiment_score, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          m.conversationId,
          m.direction,
          m.type ?? (m.templateName ? 'template' : 'text'),
          m.status ?? (m.direction === 'inbound' ? 'received' : 'sent'),
          new Date(m.at),
          m.userId ?? null,
          m.apiKeyId ?? null,
          m.templateName ?? null,
          m.sentiment?.label ?? null,
          m.sentiment?.score ?? null,
          m.text === undefined ? {} : { text: m.text },
        ],
      );
      return row.id;
    },

    /** A move of the conversation's session, as conversation-sessions.repository logs it. */
    async change(c: {
      conversationId: number;
      from: 'bot' | 'agent' | 'ended';
      to: 'bot' | 'agent' | 'ended';
      at: string | Date;
      userId?: number | null;
      reason?: string | null;
    }): Promise<void> {
      await pool.query(
        `INSERT INTO conversation_session_changes (conversation_id, from_state, to_state, reason, user_id, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [c.conversationId, c.from, c.to, c.reason ?? null, c.userId ?? null, new Date(c.at)],
      );
    },

    async flow(name: string): Promise<number> {
      const row = await one<{ id: number }>(`INSERT INTO flows (name, nodes, edges) VALUES ($1, '[]', '[]') RETURNING id`, [name]);
      return row.id;
    },

    async flowSession(s: { flowId: number; conversationId: number; at: string | Date; endedAt?: string | Date }): Promise<void> {
      await pool.query(
        `INSERT INTO flow_sessions (flow_id, flow_version, user_id, conversation_id, status, created_at, ended_at)
         VALUES ($1, 1, 'customer', $2, $3, $4, $5)`,
        [s.flowId, s.conversationId, s.endedAt ? 'ended' : 'active', new Date(s.at), s.endedAt ? new Date(s.endedAt) : null],
      );
    },

    campaign,
    recipient,

    /** A campaign of its own and its recipient row pointing at the message sent for it. */
    async campaignSend(messageId: number, name = 'spring'): Promise<number> {
      const campaignId = await campaign(name);
      await recipient(campaignId, messageId);
      return campaignId;
    },

    /** An API key (sends through it are the api sender's). */
    async apiKey(name: string): Promise<number> {
      const row = await one<{ id: number }>(
        `INSERT INTO api_keys (name, prefix, secret_hash, scopes) VALUES ($1, 'wac_test', $1, ARRAY['messages:send']) RETURNING id`,
        [name],
      );
      return row.id;
    },
  };
}

export type RollupSeed = ReturnType<typeof rollupSeed>;

/** Every analytics table's rows in a stable order: what "the same rollups" means. */
export async function rollupSnapshot(pool: pg.Pool) {
  const read = async (text: string) => (await pool.query(text)).rows;
  return {
    counts: await read(
      `SELECT measure, dimension, value, bucket, key, count::int, round(total::numeric, 4)::float8 AS total
       FROM analytics_counts ORDER BY measure, dimension, value, bucket, key`,
    ),
    samples: await read('SELECT * FROM analytics_response_samples ORDER BY reply_message_id'),
    presence: await read('SELECT * FROM analytics_presence ORDER BY period, kind, period_start, subject_id'),
    presenceGaps: await read('SELECT * FROM analytics_presence_gaps ORDER BY kind, day, previous_day'),
    active: await read('SELECT * FROM analytics_active_counts ORDER BY period, kind, period_start'),
    firstSeen: await read('SELECT * FROM analytics_first_seen ORDER BY contact_id'),
    retention: await read('SELECT * FROM analytics_retention ORDER BY cohort_week, active_week'),
    local: await read(
      `SELECT grain, measure, dimension, value, period_start, key, count::int, round(total::numeric, 4)::float8 AS total
       FROM analytics_local_counts ORDER BY grain, measure, dimension, value, period_start, key`,
    ),
  };
}
