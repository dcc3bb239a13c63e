import type { BusinessHours } from '@wac/contract/business-hours';
import { type SQL, sql } from 'drizzle-orm';

/*
 * The definitions the figures are counted by, as SQL over the source rows (messages, conversation_session_changes,
 * flow_sessions, campaign_recipients). Every rollup statement builds on these, so each rule is written once.
 */

/** The 15-minute bucket an instant falls in: counters are kept per bucket so every timezone reads exact local days. */
export const bucketOf = (at: SQL) => sql`date_bin('15 minutes', ${at}, timestamptz 'epoch')`;

/** The buckets a batch works on, as a one-column set `b(bucket)`. */
export const bucketSet = (buckets: readonly string[]) => sql`unnest(${sql.param(buckets)}::timestamptz[]) AS b(bucket)`;

/**
 * A row of bucket `b` (one of `buckets`): joined on its time index, one range per bucket, within the first and last
 * buckets' bounds given as constants too, or the planner, blind to what the array holds, scans every message.
 */
export function inBucket(at: SQL, buckets: readonly string[]): SQL {
  const times = buckets.map((bucket) => Date.parse(bucket));
  const first = new Date(Math.min(...times)).toISOString();
  const end = new Date(Math.max(...times) + 15 * 60_000).toISOString();
  return sql`${at} >= b.bucket AND ${at} < b.bucket + interval '15 minutes'
    AND ${at} >= ${first}::timestamptz AND ${at} < ${end}::timestamptz`;
}

/**
 * Who sent a message: the customer (inbound), an agent (a person's send, templates included), an API key, a
 * campaign (a recipient row points at it), else the bot. `m` is the message, `cr` its campaign recipient row.
 */
export const senderOf = sql`CASE WHEN m.direction = 'inbound' THEN 'customer' WHEN m.user_id IS NOT NULL THEN 'agent'
  WHEN m.api_key_id IS NOT NULL THEN 'api' WHEN cr.campaign_id IS NOT NULL THEN 'campaign' ELSE 'bot' END`;

/**
 * The campaign message `m` was sent for, as `cr(campaign_id)`, joined LEFT JOIN LATERAL ... ON true. Only messages
 * nobody sent by hand or by key are looked up: campaigns' sends are stored without either.
 */
export const campaignOf = (m: string) =>
  sql.raw(`(SELECT r.campaign_id FROM campaign_recipients r
    WHERE r.message_id = ${m}.id AND ${m}.direction = 'outbound' AND ${m}.user_id IS NULL AND ${m}.api_key_id IS NULL
    ORDER BY r.id LIMIT 1) cr`);

/** A human reply: an outbound message a person sent (an agent's text, media or template). */
export const isHumanReply = (m: string) => sql.raw(`(${m}.direction = 'outbound' AND ${m}.user_id IS NOT NULL)`);

/** The customer's first message in the conversation: its opening. */
const firstInbound = (conversation: SQL) => sql`(
  SELECT fi.timestamp FROM messages fi
  WHERE fi.conversation_id = ${conversation} AND fi.direction = 'inbound'
  ORDER BY fi.timestamp, fi.id LIMIT 1)`;

/**
 * The episode a conversation is in at `at`, as `(started_at, event_at, reopened)`: its latest start at or before `at`.
 * An episode starts with the customer's first message ever (opened: started and counted at that message) or with the
 * customer writing after the session was ended (reopened: counted at the session change ended→bot customer_returned,
 * started at the first customer message after the end, or at the change when none is stored). A reopening by the
 * customer's very first message is that opening, not a second episode. No row before the customer ever wrote.
 */
export const episodeAt = (conversation: SQL, at: SQL) => sql`(
  SELECT e.started_at, e.event_at, e.reopened FROM (
    SELECT f.at AS started_at, f.at AS event_at, false AS reopened
    FROM (SELECT ${firstInbound(conversation)} AS at) f
    WHERE f.at <= ${at}
    UNION ALL
    SELECT least(rs.changed_at, (
        SELECT im.timestamp FROM messages im
        WHERE im.conversation_id = rs.conversation_id AND im.direction = 'inbound'
          AND im.timestamp > coalesce(pe.changed_at, '-infinity'::timestamptz)
        ORDER BY im.timestamp, im.id LIMIT 1)), rs.changed_at, true
    FROM (
      SELECT s.conversation_id, s.changed_at FROM conversation_session_changes s
      WHERE s.conversation_id = ${conversation} AND s.reason = 'customer_returned' AND s.from_state = 'ended'
        AND s.changed_at <= ${at}
      ORDER BY s.changed_at DESC, s.id DESC LIMIT 1
    ) rs
    LEFT JOIN LATERAL (
      SELECT p.changed_at FROM conversation_session_changes p
      WHERE p.conversation_id = rs.conversation_id AND p.to_state = 'ended' AND p.changed_at <= rs.changed_at
      ORDER BY p.changed_at DESC, p.id DESC LIMIT 1
    ) pe ON true
  ) e
  ORDER BY e.started_at DESC, e.reopened LIMIT 1)`;

/** The next reopening after an episode's start, which ends the episode, as `(changed_at)`: infinity when none yet. */
export const episodeEnd = (conversation: SQL, eventAt: SQL) => sql`coalesce((
  SELECT min(n.changed_at) FROM conversation_session_changes n
  WHERE n.conversation_id = ${conversation} AND n.reason = 'customer_returned' AND n.from_state = 'ended'
    AND n.changed_at > ${eventAt}), 'infinity'::timestamptz)`;

/**
 * The seconds of [from, to) within the weekly opening hours (`days[d]`, 0 Sunday, null when closed) in `timezone`, as
 * the contract's secondsWithinBusinessHours counts them (whole seconds): each local day of the wait is walked, its
 * opening running from the instant its clocks read the start to the instant they read the end, so a day the clocks
 * change on has its real length.
 */
export function businessSecondsBetween(from: SQL, to: SQL, timezone: string, days: BusinessHours['days']): SQL {
  const openings = days.flatMap((opening, dow) => (opening ? [sql`(${dow}::int, ${opening.start}::time, ${opening.end}::time)`] : []));
  if (openings.length === 0) return sql`0`;
  const localDay = (at: SQL) => sql`(${at} AT TIME ZONE ${timezone})::date::timestamp`;
  return sql`(
    SELECT floor(coalesce(sum(greatest(0, extract(epoch FROM
      least(${to}, (d.day + o.closes) AT TIME ZONE ${timezone}) - greatest(${from}, (d.day + o.opens) AT TIME ZONE ${timezone})))), 0))::int
    FROM generate_series(${localDay(from)}, ${localDay(to)}, interval '1 day') d(day)
    JOIN (VALUES ${sql.join(openings, sql`, `)}) o(dow, opens, closes) ON o.dow = extract(dow FROM d.day)::int)`;
}
