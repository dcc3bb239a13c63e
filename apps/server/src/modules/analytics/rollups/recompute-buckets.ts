import type { BusinessHours } from '@wac/contract/business-hours';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { BIN_UPPER_EDGES } from '../response-bins.ts';
import {
  bucketOf,
  bucketSet,
  businessSecondsBetween,
  campaignOf,
  episodeAt,
  episodeEnd,
  inBucket,
  isHumanReply,
  senderOf,
} from './source-rules.ts';

/** What the rollups depend on besides the source rows: presence periods are local, business seconds need a schedule. */
export interface RollupSettings {
  timezone: string;
  /** The weekly schedule's days when business hours are on, else null (no business seconds, no *_bh counters). */
  businessDays: BusinessHours['days'] | null;
}

/** A histogram bin of response-bins.ts (binOf) in SQL: width_bucket counts the upper edges at or below the seconds. */
const binOf = (seconds: string) => sql`width_bucket(${sql.raw(seconds)}, ${sql.param(BIN_UPPER_EDGES)}::int[])::text`;

const INFINITY_PAST = sql`'-infinity'::timestamptz`;

/**
 * Where counting writes, and of which rows: the rollups themselves, or (to keep what a deletion takes, kept-counts.ts)
 * tables of some conversations' share of the buckets.
 */
export interface CountTarget {
  counts: string;
  samples: string;
  /** Only these conversations' rows; every row when absent. */
  conversations?: readonly number[];
}

const ROLLUPS: CountTarget = { counts: 'analytics_counts', samples: 'analytics_response_samples' };

/** `column` is one of the target's conversations, when it names some. */
const ofTarget = (target: CountTarget, column: SQL) =>
  target.conversations ? sql`AND ${column} = ANY(${sql.param(target.conversations)}::int[])` : sql``;

/**
 * Recomputes the 15-minute buckets given (ISO instants) from the source rows, in the caller's transaction: their
 * analytics_counts rows and response samples are deleted and counted afresh; presence, first-seen and retention only
 * grow (rows inserted ON CONFLICT DO NOTHING, the active counts and retention bumped by those really inserted).
 */
export async function recomputeBuckets(tx: Tx, buckets: readonly string[], settings: RollupSettings): Promise<void> {
  if (buckets.length === 0) return;
  const bucketArray = sql`${sql.param(buckets)}::timestamptz[]`;
  await tx.execute(sql`DELETE FROM analytics_counts WHERE bucket = ANY(${bucketArray})`);
  await tx.execute(sql`DELETE FROM analytics_response_samples WHERE bucket = ANY(${bucketArray})`);
  await countShare(tx, buckets, settings, ROLLUPS);
  await recordPresence(tx, buckets, settings.timezone);
  await addKeptCounts(tx, sql`bucket = ANY(${bucketArray})`);
}

/**
 * Counts the buckets' messages, response times and conversation events into the target (presence aside: it only grows):
 * the rollups, or one set of conversations' share, which adds up with the others' to the bucket's counters.
 */
export async function countShare(tx: Tx, buckets: readonly string[], settings: RollupSettings, target: CountTarget): Promise<void> {
  await countMessages(tx, buckets, true, target);
  await writeResponseSamples(tx, buckets, settings, target);
  await countResponseSamples(tx, sql`${sql.param(buckets)}::timestamptz[]`, target);
  await countConversationEvents(tx, buckets, target);
}

/** The measures a message's status moves. */
const STATUS_MEASURES = ['messages', 'engagement'];

/**
 * Recounts only what messages' statuses move, the message and engagement counters, of buckets whose rows changed nothing
 * else (marked statuses_only): no response samples, conversation events or presence, and no other bucket depends on it.
 */
export async function recountStatuses(tx: Tx, buckets: readonly string[]): Promise<void> {
  if (buckets.length === 0) return;
  await tx.execute(sql`
    DELETE FROM analytics_counts WHERE bucket = ANY(${sql.param(buckets)}::timestamptz[]) AND measure = ANY(${sql.param(STATUS_MEASURES)}::text[])`);
  await countMessages(tx, buckets, false, ROLLUPS);
  await addKeptCounts(tx, sql`bucket = ANY(${sql.param(buckets)}::timestamptz[])`, STATUS_MEASURES);
}

/**
 * Adds the kept counts of the buckets `where` picks (a condition on `bucket`), of `measures` only when given, to
 * analytics_counts; a counter they bring to nothing goes (a kept -1 meeting a recounted +1).
 */
export async function addKeptCounts(tx: Tx, where: SQL, measures?: readonly string[]): Promise<void> {
  const { rows } = await tx.execute<{ nothing: boolean }>(sql`
    INSERT INTO analytics_counts AS c (measure, dimension, value, bucket, key, count, total)
    SELECT measure, dimension, value, bucket, key, count, total FROM analytics_kept_counts
    WHERE ${where} ${measures ? sql`AND measure = ANY(${sql.param(measures)}::text[])` : sql``}
    ON CONFLICT (measure, dimension, bucket, value, key) DO UPDATE SET count = c.count + excluded.count, total = c.total + excluded.total
    RETURNING c.count = 0 AND c.total = 0 AS nothing`);
  if (rows.some((row) => row.nothing)) await tx.execute(sql`DELETE FROM analytics_counts WHERE ${where} AND count = 0 AND total = 0`);
}

/**
 * Messages by direction:type:status:sender, template and campaign sends' engagement and, with `withSentiment`, the
 * sentiment of customers' texts.
 */
async function countMessages(tx: Tx, buckets: readonly string[], withSentiment: boolean, target: CountTarget): Promise<void> {
  await tx.execute(sql`
    WITH msg AS MATERIALIZED (
      SELECT m.id, m.conversation_id, m.timestamp, m.direction, m.type, m.status, m.user_id, m.template_name,
        m.sentiment_label, m.sentiment_score, b.bucket, c.phone_number_id, cr.campaign_id, ${senderOf} AS sender
      FROM ${bucketSet(buckets)}
      JOIN messages m ON ${inBucket(sql`m.timestamp`, buckets)} ${ofTarget(target, sql`m.conversation_id`)}
      JOIN conversations c ON c.id = m.conversation_id
      LEFT JOIN LATERAL ${campaignOf('m')} ON true
    )
    INSERT INTO ${sql.raw(target.counts)} (measure, dimension, value, bucket, key, count, total)
    SELECT x.measure, x.dimension, x.value, x.bucket, x.key, count(*), coalesce(sum(x.amount), 0)
    FROM (
      SELECT 'messages' AS measure, d.dimension, d.value, m.bucket, concat_ws(':', m.direction, m.type, m.status, m.sender) AS key,
        0::float8 AS amount
      FROM msg m
      CROSS JOIN LATERAL (VALUES ('', ''), ('agent', m.user_id::text), ('number', m.phone_number_id), ('template', m.template_name),
        ('campaign', m.campaign_id::text)) d(dimension, value)
      WHERE d.value IS NOT NULL
      UNION ALL
      -- Sentiment, by the conversation's holder when the customer wrote.
      SELECT 'sentiment', d.dimension, d.value, m.bucket, m.sentiment_label, coalesce(m.sentiment_score, 0)::float8
      FROM msg m
      LEFT JOIN LATERAL (
        SELECT CASE WHEN hs.to_state = 'agent' THEN hs.user_id END AS user_id FROM conversation_session_changes hs
        WHERE hs.conversation_id = m.conversation_id AND hs.changed_at <= m.timestamp
        ORDER BY hs.changed_at DESC, hs.id DESC LIMIT 1
      ) h ON true
      CROSS JOIN LATERAL (VALUES ('', ''), ('number', m.phone_number_id), ('agent', h.user_id::text)) d(dimension, value)
      WHERE ${sql.raw(String(withSentiment))} AND m.sentiment_label IS NOT NULL AND d.value IS NOT NULL
      UNION ALL
      -- Engagement: how far each template or campaign send got, and whether the customer wrote within 24 hours of it.
      SELECT 'engagement', d.dimension, d.value, s.bucket, d.prefix || ':' || k.stage, 0
      FROM (SELECT * FROM msg WHERE direction = 'outbound' AND (template_name IS NOT NULL OR campaign_id IS NOT NULL)) s
      CROSS JOIN LATERAL (
        SELECT EXISTS (
          SELECT 1 FROM messages r
          WHERE r.conversation_id = s.conversation_id AND r.direction = 'inbound'
            AND r.timestamp > s.timestamp AND r.timestamp <= s.timestamp + interval '24 hours'
        ) AS replied
      ) r
      CROSS JOIN LATERAL (VALUES
        ('template', '', '', s.template_name IS NOT NULL),
        ('template', 'template', s.template_name, s.template_name IS NOT NULL),
        -- A campaign's template sends, for its figures narrowed to it.
        ('template', 'campaign', s.campaign_id::text, s.template_name IS NOT NULL AND s.campaign_id IS NOT NULL),
        ('campaign', '', '', s.campaign_id IS NOT NULL),
        ('campaign', 'campaign', s.campaign_id::text, s.campaign_id IS NOT NULL)
      ) d(prefix, dimension, value, applies)
      CROSS JOIN LATERAL (VALUES
        ('sent', s.status IN ('sent', 'delivered', 'read')),
        ('delivered', s.status IN ('delivered', 'read')),
        ('read', s.status = 'read'),
        ('replied', r.replied)
      ) k(stage, reached)
      WHERE d.applies AND k.reached
    ) x
    GROUP BY 1, 2, 3, 4, 5`);
}

/**
 * One sample per human reply that ended a wait, in the reply's bucket. 'first': the first human reply after the
 * episode's start or, when the bot handed over later, after the handoff (the latest of the two, if no human reply came
 * since). 'reply': otherwise, from the first customer message since the previous human reply (within the episode).
 */
async function writeResponseSamples(tx: Tx, buckets: readonly string[], settings: RollupSettings, target: CountTarget): Promise<void> {
  const businessSeconds = settings.businessDays
    ? businessSecondsBetween(sql`w.since`, sql`r.timestamp`, settings.timezone, settings.businessDays)
    : sql`NULL::int`;
  await tx.execute(sql`
    INSERT INTO ${sql.raw(target.samples)}
      (reply_message_id, conversation_id, agent_id, kind, waiting_since, replied_at, bucket, seconds, business_seconds)
    SELECT r.id, r.conversation_id, r.user_id, w.kind, w.since, r.timestamp, r.bucket,
      floor(extract(epoch FROM r.timestamp - w.since))::int, ${businessSeconds}
    FROM (
      SELECT m.id, m.conversation_id, m.user_id, m.timestamp, b.bucket
      FROM ${bucketSet(buckets)} JOIN messages m ON ${inBucket(sql`m.timestamp`, buckets)} AND ${isHumanReply('m')}
        ${ofTarget(target, sql`m.conversation_id`)}
    ) r
    LEFT JOIN LATERAL (
      SELECT p.timestamp FROM messages p
      WHERE p.conversation_id = r.conversation_id AND p.timestamp <= r.timestamp AND (p.timestamp < r.timestamp OR p.id < r.id)
        AND ${isHumanReply('p')}
      ORDER BY p.timestamp DESC, p.id DESC LIMIT 1
    ) prev ON true
    LEFT JOIN LATERAL ${episodeAt(sql`r.conversation_id`, sql`r.timestamp`)} ep ON true
    LEFT JOIN LATERAL (
      SELECT h.changed_at FROM conversation_session_changes h
      WHERE h.conversation_id = r.conversation_id AND h.to_state = 'agent' AND h.user_id IS NULL AND h.changed_at <= r.timestamp
      ORDER BY h.changed_at DESC, h.id DESC LIMIT 1
    ) handoff ON true
    LEFT JOIN LATERAL (
      SELECT wm.timestamp FROM messages wm
      WHERE wm.conversation_id = r.conversation_id AND wm.direction = 'inbound'
        AND wm.timestamp >= coalesce(ep.started_at, ${INFINITY_PAST}) AND wm.timestamp > coalesce(prev.timestamp, ${INFINITY_PAST})
        AND wm.timestamp <= r.timestamp
      ORDER BY wm.timestamp, wm.id LIMIT 1
    ) waited ON true
    CROSS JOIN LATERAL (SELECT greatest(ep.started_at, handoff.changed_at) AS at) anchor
    CROSS JOIN LATERAL (
      SELECT
        CASE WHEN anchor.at > coalesce(prev.timestamp, ${INFINITY_PAST}) THEN 'first' WHEN waited.timestamp IS NOT NULL THEN 'reply' END AS kind,
        CASE WHEN anchor.at > coalesce(prev.timestamp, ${INFINITY_PAST}) THEN anchor.at ELSE waited.timestamp END AS since
    ) w
    WHERE w.kind IS NOT NULL
    ON CONFLICT (reply_message_id) DO UPDATE SET conversation_id = excluded.conversation_id, agent_id = excluded.agent_id,
      kind = excluded.kind, waiting_since = excluded.waiting_since, replied_at = excluded.replied_at, bucket = excluded.bucket,
      seconds = excluded.seconds, business_seconds = excluded.business_seconds`);
}

/** The samples' histograms: every sample is a reply time, the 'first' ones first responses too; *_bh in business seconds. */
async function countResponseSamples(tx: Tx, bucketArray: SQL, target: CountTarget): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${sql.raw(target.counts)} (measure, dimension, value, bucket, key, count, total)
    SELECT k.measure, d.dimension, d.value, s.bucket, ${binOf('k.seconds')}, count(*), sum(k.seconds)
    FROM ${sql.raw(target.samples)} s
    JOIN conversations c ON c.id = s.conversation_id
    CROSS JOIN LATERAL (VALUES
      ('first_response', s.seconds, s.kind = 'first'),
      ('reply_time', s.seconds, true),
      ('first_response_bh', s.business_seconds, s.kind = 'first'),
      ('reply_time_bh', s.business_seconds, true)
    ) k(measure, seconds, applies)
    CROSS JOIN LATERAL (VALUES ('', ''), ('agent', s.agent_id::text), ('number', c.phone_number_id)) d(dimension, value)
    WHERE s.bucket = ANY(${bucketArray}) AND k.applies AND k.seconds IS NOT NULL AND d.value IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5`);
}

/**
 * Conversation events: opened (the customer's first message), reopened, handed_off (the bot gave it to the agents),
 * taken_over (an agent took it from the bot or an ended session), resolved (ended), bot_handled (an episode opened or
 * reopened here that no agent took or was handed before it ended or the next began, so far), by number, by agent
 * (taken_over, resolved) and by the flows that ran in the episode; resolution times from the episode's start.
 */
async function countConversationEvents(tx: Tx, buckets: readonly string[], target: CountTarget): Promise<void> {
  await tx.execute(sql`
    WITH ev AS (
      SELECT m.conversation_id, 'opened' AS key, b.bucket, m.timestamp AS at, NULL::int AS user_id
      FROM ${bucketSet(buckets)} JOIN messages m ON ${inBucket(sql`m.timestamp`, buckets)} AND m.direction = 'inbound'
        ${ofTarget(target, sql`m.conversation_id`)}
      WHERE NOT EXISTS (
        SELECT 1 FROM messages p
        WHERE p.conversation_id = m.conversation_id AND p.direction = 'inbound'
          AND p.timestamp <= m.timestamp AND (p.timestamp < m.timestamp OR p.id < m.id)
      )
      UNION ALL
      SELECT s.conversation_id, k.key, b.bucket, s.changed_at, s.user_id
      FROM ${bucketSet(buckets)} JOIN conversation_session_changes s ON ${inBucket(sql`s.changed_at`, buckets)}
        ${ofTarget(target, sql`s.conversation_id`)}
      CROSS JOIN LATERAL (SELECT CASE
        WHEN s.reason = 'customer_returned' AND s.from_state = 'ended' AND s.to_state = 'bot' THEN 'reopened'
        WHEN s.to_state = 'agent' AND s.user_id IS NULL THEN 'handed_off'
        WHEN s.to_state = 'agent' AND s.from_state <> 'agent' THEN 'taken_over'
        WHEN s.to_state = 'ended' THEN 'resolved'
      END AS key) k
      WHERE k.key IS NOT NULL
    ), events AS MATERIALIZED (
      SELECT e.*, c.phone_number_id, ep.started_at, ep.event_at, ep.reopened AS episode_reopened,
        CASE WHEN e.key IN ('opened', 'reopened') THEN
          coalesce(before.to_state, 'bot') = 'bot' AND coalesce(after.to_state, 'ended') = 'ended'
        ELSE false END AS bot_handled,
        flows.ids AS flow_ids
      FROM ev e
      JOIN conversations c ON c.id = e.conversation_id
      LEFT JOIN LATERAL ${episodeAt(sql`e.conversation_id`, sql`e.at`)} ep ON true
      LEFT JOIN LATERAL (
        SELECT x.to_state FROM conversation_session_changes x
        WHERE x.conversation_id = e.conversation_id AND x.changed_at <= e.at ORDER BY x.changed_at DESC, x.id DESC LIMIT 1
      ) before ON e.key = 'opened'
      LEFT JOIN LATERAL (
        SELECT x.to_state FROM conversation_session_changes x
        WHERE x.conversation_id = e.conversation_id AND x.changed_at > e.at AND x.to_state IN ('agent', 'ended')
        ORDER BY x.changed_at, x.id LIMIT 1
      ) after ON e.key IN ('opened', 'reopened')
      LEFT JOIN LATERAL (
        SELECT array_agg(DISTINCT f.flow_id) AS ids FROM flow_sessions f
        WHERE f.conversation_id = e.conversation_id AND f.created_at >= ep.started_at
          AND f.created_at < ${episodeEnd(sql`e.conversation_id`, sql`ep.event_at`)}
      ) flows ON ep.started_at IS NOT NULL
      -- A reopening by the customer's very first message is its opening.
      WHERE e.key <> 'reopened' OR (ep.reopened AND ep.event_at = e.at)
    )
    INSERT INTO ${sql.raw(target.counts)} (measure, dimension, value, bucket, key, count, total)
    SELECT 'conversations', d.dimension, d.value, e.bucket, k.key, count(*), 0
    FROM events e
    CROSS JOIN LATERAL (SELECT e.key UNION ALL SELECT 'bot_handled' WHERE e.bot_handled) k(key)
    CROSS JOIN LATERAL (
      SELECT '', '' UNION ALL SELECT 'number', e.phone_number_id
      UNION ALL SELECT 'agent', e.user_id::text WHERE e.key IN ('taken_over', 'resolved') AND e.user_id IS NOT NULL
      UNION ALL SELECT 'flow', f::text FROM unnest(e.flow_ids) f
    ) d(dimension, value)
    GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT 'resolution', d.dimension, d.value, e.bucket, ${binOf('e.seconds')}, count(*), sum(e.seconds)
    FROM (SELECT *, floor(extract(epoch FROM at - started_at))::int AS seconds FROM events WHERE key = 'resolved' AND started_at IS NOT NULL) e
    CROSS JOIN LATERAL (VALUES ('', ''), ('agent', e.user_id::text), ('number', e.phone_number_id)) d(dimension, value)
    WHERE d.value IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5`);
}

/**
 * Who was active in the buckets' local hours, days, weeks and months: customers who wrote, agents who replied and
 * conversations with a message. A 15-minute bucket lies in one local hour (offsets are whole quarter hours), so each
 * bucket's subjects are placed once. The customers' first messages are refreshed first: their cohort week.
 */
async function recordPresence(tx: Tx, buckets: readonly string[], timezone: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO analytics_first_seen (contact_id, first_at)
    SELECT c.contact_id, min(fi.at)
    FROM (
      SELECT DISTINCT c.contact_id
      FROM ${bucketSet(buckets)} JOIN messages m ON ${inBucket(sql`m.timestamp`, buckets)} AND m.direction = 'inbound'
      JOIN conversations c ON c.id = m.conversation_id
    ) seen
    JOIN conversations c ON c.contact_id = seen.contact_id
    CROSS JOIN LATERAL (
      SELECT fi.timestamp AS at FROM messages fi
      WHERE fi.conversation_id = c.id AND fi.direction = 'inbound' ORDER BY fi.timestamp, fi.id LIMIT 1
    ) fi
    GROUP BY 1
    ON CONFLICT (contact_id) DO UPDATE SET first_at = least(analytics_first_seen.first_at, excluded.first_at)`);
  await tx.execute(sql`
    WITH subjects AS (
      SELECT DISTINCT b.bucket, k.kind, k.subject_id
      FROM ${bucketSet(buckets)}
      JOIN messages m ON ${inBucket(sql`m.timestamp`, buckets)}
      JOIN conversations c ON c.id = m.conversation_id
      CROSS JOIN LATERAL (VALUES
        ('conversation', m.conversation_id),
        ('customer', CASE WHEN m.direction = 'inbound' THEN c.contact_id END),
        ('agent', CASE WHEN ${isHumanReply('m')} THEN m.user_id END)
      ) k(kind, subject_id)
      WHERE k.subject_id IS NOT NULL
    ), newcomers AS (
      -- A subject's four periods are written together, so one present in the bucket's hour is present in all of them.
      SELECT s.* FROM subjects s
      WHERE NOT EXISTS (
        SELECT 1 FROM analytics_presence p
        WHERE p.period = 'hour' AND p.kind = s.kind AND p.subject_id = s.subject_id
          AND p.period_start = date_trunc('hour', s.bucket AT TIME ZONE ${timezone})
      )
    ), inserted AS (
      INSERT INTO analytics_presence (period, kind, period_start, subject_id)
      SELECT DISTINCT p.period, s.kind, date_trunc(p.period, s.bucket AT TIME ZONE ${timezone}), s.subject_id
      FROM newcomers s CROSS JOIN (VALUES ('hour'), ('day'), ('week'), ('month')) p(period)
      ON CONFLICT DO NOTHING
      RETURNING period, kind, period_start, subject_id
    ), counted AS (
      INSERT INTO analytics_active_counts (period, kind, period_start, count)
      SELECT period, kind, period_start, count(*) FROM inserted GROUP BY 1, 2, 3
      ON CONFLICT (period, kind, period_start) DO UPDATE SET count = analytics_active_counts.count + excluded.count
    )
    INSERT INTO analytics_retention (cohort_week, active_week, count)
    SELECT date_trunc('week', f.first_at AT TIME ZONE ${timezone}), i.period_start, count(*)
    FROM inserted i JOIN analytics_first_seen f ON f.contact_id = i.subject_id
    WHERE i.period = 'week' AND i.kind = 'customer'
    GROUP BY 1, 2
    ON CONFLICT (cohort_week, active_week) DO UPDATE SET count = analytics_retention.count + excluded.count`);
}

/**
 * The buckets whose figures a change in `buckets` may have moved besides their own, per conversation touched: the next
 * human reply after its earliest change (its wait); for a change to 'agent' or a flow session, the episode's start (its
 * bot_handled outcome, its flows); for a flow session or a reopening, the episode's session changes (their flows,
 * resolution times); for a customer's first or second message, both (which one opened it, and the episode's changes);
 * for a customer's message, the template and campaign sends within 24 hours before it that no message answered yet;
 * for a late session change, the scored customer messages it put under another holder.
 */
export async function dependentBuckets(tx: Tx, buckets: readonly string[]): Promise<string[]> {
  if (buckets.length === 0) return [];
  const { rows } = await tx.execute<{ bucket: Date }>(sql`
    WITH src AS (
      SELECT m.conversation_id, m.timestamp AS at, CASE WHEN m.direction = 'inbound' THEN 'inbound' ELSE 'outbound' END AS kind
      FROM ${bucketSet(buckets)} JOIN messages m ON ${inBucket(sql`m.timestamp`, buckets)}
      UNION ALL
      SELECT s.conversation_id, s.changed_at,
        CASE WHEN s.to_state = 'agent' THEN 'to_agent' WHEN s.reason = 'customer_returned' THEN 'reopen' ELSE 'change' END
      FROM ${bucketSet(buckets)} JOIN conversation_session_changes s ON ${inBucket(sql`s.changed_at`, buckets)}
      UNION ALL
      SELECT f.conversation_id, f.created_at, 'flow'
      FROM ${bucketSet(buckets)} JOIN flow_sessions f ON ${inBucket(sql`f.created_at`, buckets)}
      WHERE f.conversation_id IS NOT NULL
    ), touched AS (
      SELECT conversation_id, min(at) AS first_at,
        min(at) FILTER (WHERE kind = 'inbound') AS first_inbound, max(at) FILTER (WHERE kind = 'inbound') AS last_inbound,
        min(at) FILTER (WHERE kind IN ('to_agent', 'flow')) AS outcome_at,
        min(at) FILTER (WHERE kind IN ('flow', 'reopen')) AS shift_at,
        min(at) FILTER (WHERE kind IN ('to_agent', 'reopen', 'change')) AS first_change,
        max(at) FILTER (WHERE kind IN ('to_agent', 'reopen', 'change')) AS last_change
      FROM src GROUP BY 1
    ), marked AS (
      SELECT t.*, o.openers, o.openers IS NOT NULL AND t.first_inbound <= o.openers[array_upper(o.openers, 1)] AS opening
      FROM touched t
      LEFT JOIN LATERAL (
        SELECT array_agg(x.timestamp ORDER BY x.timestamp) AS openers FROM (
          SELECT fi.timestamp FROM messages fi WHERE fi.conversation_id = t.conversation_id AND fi.direction = 'inbound'
          ORDER BY fi.timestamp, fi.id LIMIT 2) x
      ) o ON t.first_inbound IS NOT NULL
    )
    SELECT DISTINCT d.at AS bucket
    FROM marked t
    CROSS JOIN LATERAL (SELECT CASE WHEN t.opening THEN t.first_inbound ELSE t.shift_at END AS shift_at,
      CASE WHEN t.opening THEN t.first_inbound ELSE t.outcome_at END AS outcome_at) x
    CROSS JOIN LATERAL (
      (SELECT ${bucketOf(sql`n.timestamp`)} FROM messages n
        WHERE n.conversation_id = t.conversation_id AND n.timestamp >= t.first_at AND ${isHumanReply('n')}
        ORDER BY n.timestamp, n.id LIMIT 1)
      UNION ALL
      SELECT ${bucketOf(sql`ep.event_at`)} FROM ${episodeAt(sql`t.conversation_id`, sql`x.outcome_at`)} ep WHERE x.outcome_at IS NOT NULL
      UNION ALL
      SELECT ${bucketOf(sql`c.changed_at`)} FROM conversation_session_changes c
      WHERE c.conversation_id = t.conversation_id AND x.shift_at IS NOT NULL AND c.changed_at >= x.shift_at
        AND c.changed_at <= ${episodeEnd(sql`t.conversation_id`, sql`x.shift_at`)}
      UNION ALL
      SELECT ${bucketOf(sql`o.at`)} FROM unnest(t.openers) o(at) WHERE t.opening
      UNION ALL
      SELECT ${bucketOf(sql`s.timestamp`)} FROM messages s
      WHERE s.conversation_id = t.conversation_id AND s.direction = 'outbound' AND t.first_inbound IS NOT NULL
        AND s.timestamp >= t.first_inbound - interval '24 hours' AND s.timestamp < t.last_inbound
        AND s.timestamp > coalesce((
          SELECT max(pi.timestamp) FROM messages pi
          WHERE pi.conversation_id = t.conversation_id AND pi.direction = 'inbound' AND pi.timestamp < t.first_inbound), ${INFINITY_PAST})
        AND (s.template_name IS NOT NULL OR EXISTS (SELECT 1 FROM campaign_recipients cr WHERE cr.message_id = s.id))
      UNION ALL
      SELECT ${bucketOf(sql`l.timestamp`)} FROM messages l
      WHERE l.conversation_id = t.conversation_id AND l.direction = 'inbound' AND l.sentiment_label IS NOT NULL
        AND l.timestamp >= t.first_change AND l.timestamp < coalesce((
          SELECT min(nx.changed_at) FROM conversation_session_changes nx
          WHERE nx.conversation_id = t.conversation_id AND nx.changed_at > t.last_change), 'infinity'::timestamptz)
    ) d(at)
    WHERE d.at IS NOT NULL`);
  return rows.map((row) => new Date(row.bucket).toISOString());
}
