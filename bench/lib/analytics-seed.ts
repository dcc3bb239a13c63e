import type pg from 'pg';
import { scoreSentiment } from '../../apps/server/src/modules/analytics/sentiment/score-sentiment.ts';
import { personNameSql, setConversationSummaries, sqlArray } from './chat-seed.ts';

export interface AnalyticsSeedSize {
  /** About how many messages to write (within a few per cent). */
  messages: number;
  /** How many days back the oldest conversation starts. */
  days: number;
  /** The business phone numbers: the first gets 80% of the conversations. */
  phoneNumberIds: [string, string];
}

export interface AnalyticsSeedReport {
  seconds: number;
  contacts: number;
  messages: number;
  /** Messages by who wrote them: customer, agent, bot, agent_template, campaign. */
  bySender: Record<string, number>;
  episodes: number;
  sessionChanges: Record<string, number>;
  flowSessions: number;
  campaignRecipients: number;
  sentimentLabels: Record<string, number>;
}

const AGENTS = 10;
const TEMPLATES = 20;
const CAMPAIGNS = 30;
const FLOWS = 3;
/** Messages of one episode (a customer's conversation from their first message to an agent's end): 3 to 14. */
const MIN_EPISODE_MESSAGES = 3;
const EPISODE_MESSAGE_SPREAD = 12;
/** Shares of all messages: template sends by agents, and campaign sends. */
const TEMPLATE_SHARE = 0.04;
const CAMPAIGN_SHARE = 0.08;
/** How many time slices the messages are written in, for progress and bounded sorts. */
const MESSAGE_CHUNKS = 20;

const TEMPLATE_NAMES = [
  'order_confirmation',
  'shipping_update',
  'delivery_today',
  'payment_reminder',
  'appointment_reminder',
  'feedback_request',
  'welcome_offer',
  'cart_reminder',
  'back_in_stock',
  'price_drop',
  'loyalty_points',
  'birthday_offer',
  'renewal_notice',
  'invoice_ready',
  'return_received',
  'refund_issued',
  'survey_invite',
  'event_invite',
  'service_outage',
  'account_update',
];

/** Customers' texts in the three languages the scorer reads; each message's sentiment is the scorer's own answer. */
const CUSTOMER_TEXTS = [
  'Hi, is my order on its way?',
  'Thank you so much, great service!',
  'Can I change the delivery address?',
  'What time do you open tomorrow?',
  'The parcel arrived damaged, I am very disappointed.',
  'This is the third time I ask and nobody answers. Terrible.',
  'Perfect, thanks 👍',
  'I love it, works great',
  'Could you send me the invoice, please?',
  'Still waiting for my refund, this is ridiculous',
  'Hola, ¿dónde está mi pedido?',
  'Muchas gracias, excelente atención',
  '¿Puedo cambiar la dirección de entrega?',
  'El producto llegó roto, muy mal servicio',
  'Nadie me responde, estoy muy molesto',
  'Olá, meu pedido já foi enviado?',
  'Obrigado, atendimento excelente!',
  'Posso mudar o endereço de entrega?',
  'O produto chegou quebrado, péssimo',
  'Ninguém me responde, que absurdo',
];
const AGENT_TEXTS = [
  'Sure, one moment while I check that for you.',
  'Your order has shipped and should arrive on Thursday.',
  'We have sent a replacement; you will get a tracking number shortly.',
  'I am sorry about that, let me fix it right away.',
  'Done! Anything else I can help with?',
];
const BOT_TEXTS = ['Hi! How can we help you today?', 'Please choose an option below.', 'Let me connect you with an agent.'];

const sqlNumbers = (items: readonly number[]) => `ARRAY[${items.join(', ')}]::float8[]`;

/**
 * A support team's year of WhatsApp, generated inside PostgreSQL (generate_series, INSERT ... SELECT) so that every
 * analytics measure has something to count: ~N/20 contacts with one conversation each (80% on the first number),
 * starting uniformly over `days` (so the traffic grows towards today); each conversation a few episodes (a
 * customer's first message, or their return after an agent ended it), 3-14 messages each: the bot answers first and
 * then either keeps it (only a conversation's last episode), hands it to the agents (a handoff, then one of 10 agents
 * takes it) or an agent takes it over; agents' replies come 1 s to 5.5 h after the customer (log-uniform), and most
 * episodes end with the agent's end (the last stays open 15% of the time). Customers' texts carry the scorer's own
 * sentiment (English, Spanish, Portuguese; 0.2% corrected by an agent), 6% of their messages are images. Beside them,
 * template sends by the agents (4% of the messages, shortly before an episode) of 20 templates, and 30 campaigns
 * spread over the period (8%, with their campaign_recipients rows), with Meta's statuses; a flow session per episode
 * in one of 3 flows; the session log (conversation_session_changes) and the conversations' state, last message and
 * unread counts as the server would have left them. Ids follow time. Triggers are off while seeding
 * (session_replication_role = replica), so the rollups are left to be built. Expects empty tables but the users.
 */
export async function seedAnalytics(
  client: pg.ClientBase,
  size: AnalyticsSeedSize,
  progress: (line: string) => void,
): Promise<AnalyticsSeedReport> {
  const t0 = performance.now();
  const step = async (what: string, sql: string) => {
    const t = performance.now();
    const result = await client.query(sql);
    const rows = result.rowCount === null ? '' : `${result.rowCount} rows, `;
    progress(`  ${what}: ${rows}${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };
  const N = Math.floor(size.messages);
  const C = Math.max(100, Math.floor(N / 20));
  const meanEpisode = MIN_EPISODE_MESSAGES + (EPISODE_MESSAGE_SPREAD - 1) / 2;
  const E = Math.max(C, Math.round((N * (1 - TEMPLATE_SHARE - CAMPAIGN_SHARE)) / meanEpisode));
  const [mainNumber, otherNumber] = size.phoneNumberIds.map((id) => id.replace(/\D/g, ''));
  // One instant for every statement, so the seed is the same whatever the time it takes.
  const anchor = `'${new Date().toISOString()}'::timestamptz`;
  const scored = CUSTOMER_TEXTS.map((text) => scoreSentiment(text));

  // Random but repeatable: one session, no parallel workers, a fixed seed; no trigger fires (nor foreign-key check).
  await client.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET max_parallel_workers_per_gather = 0;
    SET synchronous_commit = off; SET session_replication_role = replica; SELECT setseed(0.42)`);

  const { rows: agentRows } = await step(
    `${AGENTS} agents`,
    `INSERT INTO users (username, email, password_hash, role)
     SELECT 'bench-agent-' || g, 'bench-agent-' || g || '@example.com', 'not-a-password-hash', 'agent' FROM generate_series(1, ${AGENTS}) g
     RETURNING id`,
  );
  const agents = `ARRAY[${agentRows.map((r: { id: number }) => r.id).join(', ')}]`;
  await step(
    `${TEMPLATES} templates`,
    `INSERT INTO message_templates (meta_id, name, language, category, status, parameter_format, components, created_at, updated_at, status_updated_at)
     SELECT (8000000000 + g)::text, (${sqlArray(TEMPLATE_NAMES)})[g], 'en_US', CASE WHEN g % 3 = 0 THEN 'UTILITY' ELSE 'MARKETING' END,
            'APPROVED', 'POSITIONAL', jsonb_build_array(jsonb_build_object('type', 'BODY', 'text', 'Hello {{1}}!',
              'example', jsonb_build_object('body_text', jsonb_build_array(jsonb_build_array('Ann'))))),
            ${anchor} - interval '${size.days + 1} days', ${anchor} - interval '${size.days + 1} days', ${anchor} - interval '${size.days + 1} days'
     FROM generate_series(1, ${TEMPLATES}) g`,
  );
  await step(
    `${CAMPAIGNS} campaigns`,
    `INSERT INTO campaigns (name, status, template_name, template_language, created_at, updated_at, started_at, completed_at)
     SELECT 'Campaign ' || g, 'completed', (${sqlArray(TEMPLATE_NAMES)})[1 + (g - 1) % ${TEMPLATES}], 'en_US', at - interval '1 day', at + interval '2 hours',
            at, at + interval '2 hours'
     FROM (SELECT g, date_trunc('hour', ${anchor} - (${size.days} * (${CAMPAIGNS} - g + 0.5) / ${CAMPAIGNS}) * interval '1 day') AS at
           FROM generate_series(1, ${CAMPAIGNS}) g) c`,
  );
  const { rows: flowRows } = await step(
    `${FLOWS} bot flows`,
    `INSERT INTO flows (name, nodes, edges, status, is_active)
     SELECT 'Flow ' || g, '[]', '[]', 'published', true FROM generate_series(1, ${FLOWS}) g RETURNING id`,
  );
  const flows = `ARRAY[${flowRows.map((r: { id: number }) => r.id).join(', ')}]`;
  await client.query(`INSERT INTO flow_versions (flow_id, version, name, nodes, edges) SELECT id, 1, name, nodes, edges FROM flows`);

  await step(
    `${C} contacts`,
    `INSERT INTO contacts (id, phone, wa_id, name, created_at, updated_at)
     SELECT g, '4477' || lpad(g::text, 8, '0'), '4477' || lpad(g::text, 8, '0'), ${personNameSql('g')}, at, at
     FROM (SELECT g, ${anchor} - interval '2 hours' - random() * interval '${size.days - 1} days' AS at FROM generate_series(1, ${C}) g) c`,
  );
  await step(
    `${C} conversations`,
    `INSERT INTO conversations (id, contact_id, phone_number_id, created_at)
     SELECT id, id, CASE WHEN random() < 0.8 THEN '${mainNumber}' ELSE '${otherNumber}' END, created_at FROM contacts`,
  );

  // Episodes: conversation e for the first C (every conversation has one), the rest skewed towards the first ones. A
  // conversation's episodes each get an equal slice of its time, start in the slice's first 30% and last at most half
  // of it (3 days at most), so they never overlap and all end before the anchor.
  await step(
    `${E} episodes`,
    `CREATE UNLOGGED TABLE bench_seed_episodes AS
     SELECT n.e AS id, n.conv, n.k, n.n_msgs, n.agent, n.flow_id, n.kind,
            n.kind <> 'bot' AND (n.k < n.episodes OR n.r_open >= 0.15) AS ended,
            c.created_at + (n.k - 1) * s.slot + random() * 0.3 * s.slot AS start_at,
            extract(epoch FROM LEAST(0.5 * s.slot, interval '3 days')) AS max_span
     FROM (
       SELECT raw.*, row_number() OVER (PARTITION BY conv ORDER BY e) AS k, count(*) OVER (PARTITION BY conv) AS episodes,
              CASE WHEN r_kind < 0.3 AND e = max(e) OVER (PARTITION BY conv) THEN 'bot' WHEN r_kind < 0.65 THEN 'handoff' ELSE 'takeover' END AS kind
       FROM (
         SELECT e, CASE WHEN e <= ${C} THEN e ELSE 1 + floor(${C} * random() ^ 2)::int END AS conv,
                random() AS r_kind, random() AS r_open,
                ${MIN_EPISODE_MESSAGES} + floor(random() * ${EPISODE_MESSAGE_SPREAD})::int AS n_msgs,
                (${agents})[1 + floor(${AGENTS} * random() ^ 1.5)::int] AS agent,
                (${flows})[1 + floor(${FLOWS} * random())::int] AS flow_id
         FROM generate_series(1, ${E}) e
       ) raw
     ) n
     JOIN conversations c ON c.id = n.conv
     CROSS JOIN LATERAL (SELECT (${anchor} - interval '1 hour' - c.created_at) / n.episodes AS slot) s`,
  );
  // Each episode's messages: the customer first, then the bot; in a bot episode they alternate; otherwise (after the
  // handoff or the takeover) each is an agent's reply (55%) or the customer again. Gaps: the bot 2-5 s, an agent
  // 1 s to 5.5 h, the customer 1 s to 1 h (log-uniform), squeezed when the episode would outgrow its slice.
  await step(
    'episode messages',
    `CREATE UNLOGGED TABLE bench_seed_lines AS
     SELECT episode, conv, i, role, start_at + make_interval(secs => at * LEAST(1, max_span / NULLIF(span, 0))) AS ts
     FROM (
       SELECT g.*, sum(gap) OVER (PARTITION BY episode ORDER BY i) AS at, sum(gap) OVER (PARTITION BY episode) AS span
       FROM (
         SELECT l.*, CASE WHEN i = 1 THEN 0 WHEN role = 'bot' THEN 2 + 3 * random()
                          WHEN role = 'agent' THEN exp(random() * ln(20000)) ELSE exp(random() * ln(3600)) END AS gap
         FROM (
           SELECT ep.id AS episode, ep.conv, ep.start_at, ep.max_span, i,
                  CASE WHEN i = 1 THEN 'customer'
                       WHEN ep.kind = 'bot' THEN CASE WHEN i % 2 = 0 THEN 'bot' ELSE 'customer' END
                       WHEN i = 2 THEN 'bot'
                       WHEN ep.kind = 'handoff' AND i = 3 THEN 'customer'
                       WHEN random() < 0.55 THEN 'agent' ELSE 'customer' END AS role
           FROM bench_seed_episodes ep CROSS JOIN LATERAL generate_series(1, ep.n_msgs) i
         ) l
       ) g
     ) t`,
  );
  // The session log: a return reopens an ended conversation (ended -> bot), the bot hands off after the customer's
  // second message (bot -> agent, nobody) and an agent takes it (agent -> agent) when they reply or end it, or an agent
  // takes over after the bot's first answer (bot -> agent); an agent ends it 2 minutes after its last message.
  await step(
    'episode session times',
    `CREATE UNLOGGED TABLE bench_seed_episode_times AS
     SELECT ep.id, ep.conv, ep.k, ep.kind, ep.agent, ep.flow_id, ep.ended, t.first_at, t.last_at, t.last_bot_at,
            CASE WHEN ep.kind = 'handoff' THEN t.t3 + (COALESCE(t.t4, t.t3 + interval '3 minutes') - t.t3) * 0.3 END AS handoff_at,
            CASE WHEN ep.kind = 'handoff' AND (ep.ended OR t.agent_replied) THEN t.t3 + (COALESCE(t.t4, t.t3 + interval '3 minutes') - t.t3) * 0.6
                 WHEN ep.kind = 'takeover' THEN t.t2 + (COALESCE(t.t3, t.t2 + interval '3 minutes') - t.t2) * 0.5 END AS takeover_at,
            CASE WHEN ep.ended THEN t.last_at + interval '2 minutes' END AS ended_at
     FROM bench_seed_episodes ep
     JOIN (SELECT episode, min(ts) AS first_at, max(ts) AS last_at, max(ts) FILTER (WHERE role = 'bot') AS last_bot_at,
                  min(ts) FILTER (WHERE i = 2) AS t2, min(ts) FILTER (WHERE i = 3) AS t3, min(ts) FILTER (WHERE i = 4) AS t4,
                  bool_or(role = 'agent') AS agent_replied
           FROM bench_seed_lines GROUP BY episode) t ON t.episode = ep.id`,
  );

  // Every message to write, numbered (its wamid): the episodes', the agents' template sends (1-30 h before a random
  // episode, so most are answered within 24 h) and the campaigns' sends (to ~5% of the contacts each, within an hour).
  const templateSends = Math.round(N * TEMPLATE_SHARE);
  const campaignShare = Math.min(1, (N * CAMPAIGN_SHARE) / (CAMPAIGNS * C));
  await step(
    'messages to write',
    `CREATE UNLOGGED TABLE bench_seed_messages AS
     SELECT row_number() OVER () AS n, m.* FROM (
       SELECT l.conv, l.ts, l.role AS sender, ep.agent, NULL::text AS template, NULL::int AS campaign
       FROM bench_seed_lines l JOIN bench_seed_episodes ep ON ep.id = l.episode
       UNION ALL
       SELECT t.conv, t.first_at - interval '1 hour' - random() * interval '29 hours', 'agent_template', t.agent,
              (${sqlArray(TEMPLATE_NAMES)})[1 + floor(${TEMPLATES} * random() ^ 2)::int], NULL
       FROM (SELECT 1 + floor(random() * ${E})::int AS episode FROM generate_series(1, ${templateSends})) pick
       JOIN bench_seed_episode_times t ON t.id = pick.episode
       UNION ALL
       SELECT c.id, cp.started_at + random() * interval '1 hour', 'campaign', NULL, cp.template_name, cp.id
       FROM campaigns cp CROSS JOIN conversations c WHERE random() < ${campaignShare}
     ) m`,
  );
  await client.query('CREATE INDEX ON bench_seed_messages (ts); ANALYZE bench_seed_messages');
  const { rows: spans } = await client.query<{ first: Date; last: Date; total: string }>(
    'SELECT min(ts) AS first, max(ts) AS last, count(*)::text AS total FROM bench_seed_messages',
  );
  const span = spans[0] as { first: Date; last: Date; total: string };
  const first = span.first;
  const sliceMs = (span.last.getTime() - first.getTime()) / MESSAGE_CHUNKS + 1;
  const textScores = sqlNumbers(scored.map((s) => s.score));
  const textLabels = sqlArray(scored.map((s) => s.label));
  const textLanguages = sqlArray(scored.map((s) => (s.language === 'other' ? '' : s.language)));
  const wrongLabel = `CASE WHEN (${textLabels})[x.text_idx] = 'neutral' THEN 'positive' ELSE 'neutral' END`;
  // Outbound statuses as Meta reports them (template and campaign sends fail more often).
  const status = `CASE WHEN x.r < x.fails THEN 'failed' WHEN x.r < x.fails + 0.02 THEN 'sent' WHEN x.r < x.fails + 0.15 THEN 'delivered' ELSE 'read' END`;
  for (let chunk = 0; chunk < MESSAGE_CHUNKS; chunk++) {
    const from = new Date(first.getTime() + chunk * sliceMs).toISOString();
    const to = new Date(first.getTime() + (chunk + 1) * sliceMs).toISOString();
    await step(
      `messages ${chunk + 1}/${MESSAGE_CHUNKS} (of ${span.total})`,
      `INSERT INTO messages (conversation_id, wamid, direction, type, content, status, timestamp, sent_at, delivered_at, read_at,
                             failed_at, error_code, error_title, user_id, template_name, sentiment_label, sentiment_score,
                             sentiment_language, sentiment_model_label, sentiment_corrected_by, sentiment_corrected_at, created_at, updated_at)
       SELECT x.conv, 'wamid.seed.' || x.n, x.direction, x.type,
              CASE WHEN x.type = 'image' THEN jsonb_build_object('media', jsonb_build_object('id', 'seed-media-' || x.n, 'mimeType', 'image/jpeg'))
                   WHEN x.type = 'template' THEN jsonb_build_object('text', 'Hello Ann!', 'template', jsonb_build_object('name', x.template, 'language', 'en_US'))
                   WHEN x.sender = 'customer' THEN jsonb_build_object('text', (${sqlArray(CUSTOMER_TEXTS)})[x.text_idx])
                   WHEN x.sender = 'agent' THEN jsonb_build_object('text', (${sqlArray(AGENT_TEXTS)})[1 + x.n % ${AGENT_TEXTS.length}])
                   ELSE jsonb_build_object('text', (${sqlArray(BOT_TEXTS)})[1 + x.n % ${BOT_TEXTS.length}]) END,
              CASE WHEN x.direction = 'inbound' THEN 'received' ELSE ${status} END,
              x.ts,
              CASE WHEN x.direction = 'outbound' AND x.r >= x.fails THEN x.ts + interval '1 second' END,
              CASE WHEN x.direction = 'outbound' AND x.r >= x.fails + 0.02 THEN x.ts + interval '10 seconds' END,
              CASE WHEN x.direction = 'outbound' AND x.r >= x.fails + 0.15 THEN x.ts + interval '5 minutes'
                   WHEN x.direction = 'inbound' AND x.ts < ${anchor} - interval '1 day' THEN x.ts + interval '2 minutes' END,
              CASE WHEN x.direction = 'outbound' AND x.r < x.fails THEN x.ts + interval '5 seconds' END,
              CASE WHEN x.direction = 'outbound' AND x.r < x.fails THEN 131026 END,
              CASE WHEN x.direction = 'outbound' AND x.r < x.fails THEN 'Message undeliverable' END,
              CASE WHEN x.sender IN ('agent', 'agent_template') THEN x.agent END,
              x.template,
              CASE WHEN x.scored THEN (${textLabels})[x.text_idx] END,
              CASE WHEN x.scored THEN (${textScores})[x.text_idx] END,
              CASE WHEN x.scored THEN NULLIF((${textLanguages})[x.text_idx], '') END,
              CASE WHEN x.scored AND x.corrected THEN ${wrongLabel} WHEN x.scored THEN (${textLabels})[x.text_idx] END,
              CASE WHEN x.scored AND x.corrected THEN (${agents})[1 + x.n % ${AGENTS}] END,
              CASE WHEN x.scored AND x.corrected THEN x.ts + interval '1 hour' END,
              x.ts, x.ts
       FROM (
         SELECT s.*, CASE WHEN s.sender = 'customer' THEN 'inbound' ELSE 'outbound' END AS direction,
                CASE WHEN s.template IS NOT NULL THEN 'template' WHEN s.sender = 'customer' AND s.r_type < 0.06 THEN 'image' ELSE 'text' END AS type,
                s.sender = 'customer' AND s.r_type >= 0.06 AS scored, s.r_type > 0.998 AS corrected,
                CASE WHEN s.template IS NOT NULL THEN 0.03 ELSE 0.01 END AS fails
         FROM (SELECT m.*, random() AS r, random() AS r_type, 1 + floor(random() * ${CUSTOMER_TEXTS.length})::int AS text_idx
               FROM bench_seed_messages m WHERE m.ts >= '${from}' AND m.ts < '${to}') s
       ) x
       ORDER BY x.ts`,
    );
  }
  await client.query('ANALYZE messages');
  await step(
    'session changes',
    `INSERT INTO conversation_session_changes (conversation_id, from_state, to_state, reason, user_id, changed_at)
     SELECT conv, from_state, to_state, reason, user_id, at FROM (
       SELECT conv, 'ended' AS from_state, 'bot' AS to_state, 'customer_returned' AS reason, NULL::int AS user_id, first_at AS at
       FROM bench_seed_episode_times WHERE k > 1
       UNION ALL SELECT conv, 'bot', 'agent', 'bot_handoff', NULL, handoff_at FROM bench_seed_episode_times WHERE handoff_at IS NOT NULL
       UNION ALL SELECT conv, CASE WHEN kind = 'handoff' THEN 'agent' ELSE 'bot' END, 'agent', 'agent_takeover', agent, takeover_at
       FROM bench_seed_episode_times WHERE takeover_at IS NOT NULL
       UNION ALL SELECT conv, 'agent', 'ended', 'agent_ended', agent, ended_at FROM bench_seed_episode_times WHERE ended_at IS NOT NULL
     ) c ORDER BY at`,
  );
  await step(
    'conversation sessions',
    `UPDATE conversations c
     SET session_state = l.to_state, session_user_id = CASE WHEN l.to_state = 'agent' THEN l.user_id END, session_reason = l.reason,
         session_changed_at = l.changed_at
     FROM (SELECT DISTINCT ON (conversation_id) * FROM conversation_session_changes ORDER BY conversation_id, changed_at DESC, id DESC) l
     WHERE c.id = l.conversation_id`,
  );
  const flowSessions = await step(
    'flow sessions',
    `INSERT INTO flow_sessions (flow_id, flow_version, user_id, conversation_id, status, last_activity_at, handed_off, ended_at, ended_reason, created_at)
     SELECT t.flow_id, 1, k.phone, t.conv, 'ended', e.at, t.kind = 'handoff', e.at,
            CASE t.kind WHEN 'handoff' THEN 'handoff' WHEN 'takeover' THEN 'agent_takeover' ELSE 'completed' END, t.first_at
     FROM bench_seed_episode_times t JOIN contacts k ON k.id = t.conv
     CROSS JOIN LATERAL (SELECT COALESCE(t.handoff_at, t.takeover_at, t.last_bot_at + interval '1 minute') AS at) e
     ORDER BY t.first_at`,
  );
  const recipients = await step(
    'campaign recipients',
    `INSERT INTO campaign_recipients (campaign_id, phone, wa_id, name, state, attempts, message_id, wamid, sent_at, delivered_at, read_at,
                                      failed_at, error_code, error_title, created_at)
     SELECT s.campaign, '+' || k.phone, k.wa_id, k.name, m.status, 1, m.id, m.wamid, m.sent_at, m.delivered_at, m.read_at,
            m.failed_at, m.error_code, m.error_title, m.timestamp - interval '1 day'
     FROM bench_seed_messages s JOIN messages m ON m.wamid = 'wamid.seed.' || s.n JOIN contacts k ON k.id = s.conv
     WHERE s.campaign IS NOT NULL
     ORDER BY m.id`,
  );
  const t = performance.now();
  await setConversationSummaries(client);
  await client.query(`
    UPDATE conversations c SET created_at = f.first_at FROM (SELECT conversation_id, min(timestamp) AS first_at FROM messages GROUP BY 1) f
    WHERE c.id = f.conversation_id AND f.first_at < c.created_at`);
  await client.query(
    `UPDATE contacts k SET created_at = c.created_at FROM conversations c WHERE c.contact_id = k.id AND c.created_at < k.created_at`,
  );
  await client.query(
    `SELECT setval(pg_get_serial_sequence('contacts', 'id'), ${C}), setval(pg_get_serial_sequence('conversations', 'id'), ${C})`,
  );
  progress(`  conversations' last message, unread counts and start: ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const count = async (sql: string) =>
    Object.fromEntries((await client.query<{ k: string; n: string }>(sql)).rows.map((r) => [r.k, Number(r.n)]));
  const bySender = await count('SELECT sender AS k, count(*) AS n FROM bench_seed_messages GROUP BY 1 ORDER BY 1');
  const sessionChanges = await count('SELECT reason AS k, count(*) AS n FROM conversation_session_changes GROUP BY 1 ORDER BY 1');
  const sentimentLabels = await count(
    'SELECT sentiment_label AS k, count(*) AS n FROM messages WHERE sentiment_label IS NOT NULL GROUP BY 1 ORDER BY 1',
  );
  await client.query('DROP TABLE bench_seed_messages, bench_seed_episode_times, bench_seed_lines, bench_seed_episodes');
  await client.query('RESET session_replication_role');
  const v = performance.now();
  // What autovacuum would have done by the time a real install reached this size: statistics and the visibility map.
  await client.query(
    'VACUUM (ANALYZE) users, message_templates, campaigns, flows, contacts, conversations, messages, conversation_session_changes, flow_sessions, campaign_recipients',
  );
  progress(`  VACUUM ANALYZE: ${((performance.now() - v) / 1000).toFixed(1)} s`);
  return {
    seconds: (performance.now() - t0) / 1000,
    contacts: C,
    messages: Object.values(bySender).reduce((a, b) => a + b, 0),
    bySender,
    episodes: E,
    sessionChanges,
    flowSessions: flowSessions.rowCount ?? 0,
    campaignRecipients: recipients.rowCount ?? 0,
    sentimentLabels,
  };
}
