import type pg from 'pg';

export interface ChatSeedSize {
  conversations: number;
  messages: number;
  /** Messages of conversation 1, the long thread. */
  heavyThread: number;
  phoneNumberId: string;
}

export interface ChatSeedReport {
  seconds: number;
  contacts: number;
  conversations: number;
  messages: number;
  unread: number;
  conversationsWithUnread: number;
  heavy: { phone: string; messages: number };
  typical: { phone: string; messages: number };
  largest: number[];
}

const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jamal', 'Kira', 'Luis'];
const LAST_NAMES = ['Silva', 'Smith', 'Santos', 'Okafor', 'Nguyen', 'Müller', 'Rossi', 'Kowalski', 'Haddad', 'Tanaka', 'Costa', 'Byrne'];
const TEXTS = [
  'Hi, is my order on its way?',
  'Thank you!',
  'Can I change the delivery address?',
  'What time do you open tomorrow?',
  'Your order has shipped and should arrive on Thursday.',
  'Could you send me the invoice, please?',
  'Sure, one moment while I check that for you.',
  'The parcel arrived damaged, what can I do?',
  'We have sent a replacement; you will get a tracking number shortly.',
  'Is this available in blue?',
  'Great, see you then 👍',
  'Our opening hours are 9:00 to 18:00, Monday to Saturday.',
];

/** A SQL array literal of text values. */
export const sqlArray = (items: readonly string[]) => `ARRAY[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}]`;

/** A person's name for the row numbered by the SQL expression `n`: twelve first names by twelve surnames. */
export const personNameSql = (n: string) =>
  `(${sqlArray(FIRST_NAMES)})[1 + ${n} % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (${n} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;

/** Every conversation's last message, last inbound time and unread count, set from its messages, as the chat keeps them. */
export async function setConversationSummaries(client: pg.ClientBase): Promise<void> {
  await client.query(`
    UPDATE conversations c
    SET last_message_id = l.id, last_message_at = l.timestamp, last_inbound_at = a.last_in, unread_count = a.unread
    FROM (SELECT DISTINCT ON (conversation_id) conversation_id, id, timestamp FROM messages ORDER BY conversation_id, timestamp DESC, id DESC) l
    JOIN (SELECT conversation_id,
                 max(timestamp) FILTER (WHERE direction = 'inbound') AS last_in,
                 count(*) FILTER (WHERE direction = 'inbound' AND read_at IS NULL)::int AS unread
          FROM messages GROUP BY conversation_id) a USING (conversation_id)
    WHERE c.id = l.conversation_id`);
}

/**
 * Contacts, conversations and messages generated inside PostgreSQL (generate_series, INSERT ... SELECT), consistent
 * with what the webhook processor and the chat service would have written: every conversation has at least one
 * message; conversation 1 holds `heavyThread`; the rest are skewed (a conversation's expected share falls as
 * 1/sqrt(rank): a few thousand messages for the busiest, about 5-10 for the typical one); messages span 90 days and
 * their ids follow time; inbound messages newer than the business's last answer in the last day are unread; the
 * conversations' last message, last inbound time and unread count are set from the messages. Expects empty tables.
 */
export async function seedChat(client: pg.ClientBase, size: ChatSeedSize): Promise<ChatSeedReport> {
  const t0 = performance.now();
  const C = Math.floor(size.conversations);
  const M = Math.floor(size.messages);
  const H = Math.floor(size.heavyThread);
  const phoneNumberId = size.phoneNumberId.replace(/\D/g, '');
  // Random but repeatable: one session, no parallel workers, a fixed seed.
  await client.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '256MB'; SET max_parallel_workers_per_gather = 0;
    SET synchronous_commit = off; SELECT setseed(0.42)`);
  const { rows: admins } = await client.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
  const agentId = admins[0]?.id ?? 'NULL';
  await client.query('BEGIN');
  await client.query(`
    INSERT INTO contacts (id, phone, wa_id, name, created_at, updated_at)
    SELECT g, '4477' || lpad(g::text, 8, '0'), '4477' || lpad(g::text, 8, '0'),
           ${personNameSql('g')},
           now() - interval '100 days', now() - interval '100 days'
    FROM generate_series(1, ${C}) g`);
  await client.query(`
    INSERT INTO conversations (id, contact_id, phone_number_id, created_at, session_state, session_user_id, session_changed_at)
    SELECT id, id, '${phoneNumberId}', created_at,
           CASE WHEN id % 100 = 0 THEN 'agent' ELSE 'bot' END,
           CASE WHEN id % 100 = 0 THEN ${agentId} END,
           CASE WHEN id % 100 = 0 THEN now() - interval '1 hour' END
    FROM contacts`);
  await client.query(`
    INSERT INTO messages (conversation_id, wamid, direction, type, content, status, timestamp,
                          sent_at, delivered_at, read_at, failed_at, error_code, error_title, error_details, created_at, updated_at)
    SELECT conv, 'wamid.seed.' || j, dir,
           CASE WHEN kind < 0.03 THEN 'image' ELSE 'text' END,
           CASE WHEN kind < 0.03
             THEN jsonb_build_object('media', jsonb_build_object('id', 'seed-media-' || j, 'mimeType', 'image/jpeg', 'sha256', NULL, 'caption', NULL, 'filename', NULL))
             ELSE jsonb_build_object('text', (${sqlArray(TEXTS)})[1 + j % ${TEXTS.length}])
           END,
           CASE WHEN dir = 'inbound' THEN 'received' WHEN r < 0.01 THEN 'failed' WHEN r < 0.03 THEN 'sent' WHEN r < 0.15 THEN 'delivered' ELSE 'read' END,
           ts,
           CASE WHEN dir = 'outbound' AND r >= 0.01 THEN ts + interval '1 second' END,
           CASE WHEN dir = 'outbound' AND r >= 0.03 THEN ts + interval '10 seconds' END,
           CASE WHEN dir = 'outbound' AND r >= 0.15 THEN ts + interval '5 minutes'
                WHEN dir = 'inbound' AND (ts < last_out OR ts < now() - interval '1 day') THEN ts + interval '2 minutes' END,
           CASE WHEN dir = 'outbound' AND r < 0.01 THEN ts + interval '5 seconds' END,
           CASE WHEN dir = 'outbound' AND r < 0.01 THEN 131026 END,
           CASE WHEN dir = 'outbound' AND r < 0.01 THEN 'Message undeliverable' END,
           CASE WHEN dir = 'outbound' AND r < 0.01 THEN 'Message failed to send because of an unknown error.' END,
           ts, ts
    FROM (
      SELECT raw.*, max(ts) FILTER (WHERE dir = 'outbound') OVER (PARTITION BY conv) AS last_out
      FROM (
        SELECT j,
               CASE WHEN j <= ${C} THEN j WHEN j < ${C + H} THEN 1 ELSE 2 + floor(${C - 1} * random() ^ 2)::int END AS conv,
               now() - random() * interval '90 days' AS ts,
               CASE WHEN j <= ${C} OR random() < 0.55 THEN 'inbound' ELSE 'outbound' END AS dir,
               random() AS kind,
               random() AS r
        FROM generate_series(1, ${M}) j
      ) raw
    ) m
    ORDER BY ts`);
  await setConversationSummaries(client);
  await client.query(
    `SELECT setval(pg_get_serial_sequence('contacts', 'id'), ${C}), setval(pg_get_serial_sequence('conversations', 'id'), ${C})`,
  );
  await client.query('COMMIT');
  // What autovacuum would have done by the time a real install reached this size: statistics and the visibility map.
  await client.query('VACUUM (ANALYZE) contacts, conversations, messages');

  const one = async <T>(sql: string) => (await client.query(sql)).rows[0] as T;
  const totals = await one<{ contacts: number; conversations: number; messages: number; unread: number; with_unread: number }>(`
    SELECT (SELECT count(*)::int FROM contacts) AS contacts, (SELECT count(*)::int FROM conversations) AS conversations,
           (SELECT count(*)::int FROM messages) AS messages, (SELECT sum(unread_count)::int FROM conversations) AS unread,
           (SELECT count(*)::int FROM conversations WHERE unread_count > 0) AS with_unread`);
  const perConversation = `SELECT conversation_id, count(*)::int AS n FROM messages GROUP BY conversation_id`;
  const heavy = await one<{ phone: string; n: number }>(
    `SELECT ct.phone, p.n FROM (${perConversation}) p JOIN conversations c ON c.id = p.conversation_id JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = 1`,
  );
  const typical = await one<{ phone: string; n: number }>(`
    SELECT ct.phone, p.n FROM (${perConversation}) p JOIN conversations c ON c.id = p.conversation_id JOIN contacts ct ON ct.id = c.contact_id
    WHERE p.n = (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM (${perConversation}) q) ORDER BY c.id LIMIT 1`);
  const { rows: largest } = await client.query<{ n: number }>(`${perConversation} ORDER BY n DESC LIMIT 5`);
  return {
    seconds: (performance.now() - t0) / 1000,
    contacts: totals.contacts,
    conversations: totals.conversations,
    messages: totals.messages,
    unread: totals.unread,
    conversationsWithUnread: totals.with_unread,
    heavy: { phone: heavy.phone, messages: heavy.n },
    typical: { phone: typical.phone, messages: typical.n },
    largest: largest.map((r) => r.n),
  };
}
