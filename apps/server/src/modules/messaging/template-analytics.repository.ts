import type { TemplateMessagesQuery } from '@wac/contract/template-analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { userJoin } from '../accounts/index.ts';

export interface TemplateRange {
  from: Date;
  to: Date;
}

export interface SeriesRow extends Record<string, unknown> {
  bucket: Date;
  template_name: string;
  total: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

export interface TemplateMessageRow extends Record<string, unknown> {
  id: number;
  conversation_id: number;
  wamid: string | null;
  template_name: string;
  language: string | null;
  phone: string;
  name: string | null;
  status: string;
  timestamp: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  error_code: number | null;
  error_title: string | null;
  error_details: string | null;
  user_id: number | null;
  username: string | null;
}

/** The start of a day (`date` as YYYY-MM-DD, or the day after it with `nextDay`) in `timezone`, as an instant. */
export async function dayStart(db: Db, date: string, nextDay: boolean, timezone: string): Promise<Date> {
  const { rows } = await db.execute<{ at: Date }>(
    sql`SELECT ((${date}::date + ${nextDay ? 1 : 0}::int)::timestamp AT TIME ZONE ${timezone}) AS at`,
  );
  return new Date(rows[0]?.at as Date);
}

// Only template rows, only the range: both served by the partial index messages_template_time_idx.
const inRange = (range: TemplateRange) =>
  sql`m.template_name IS NOT NULL AND m.timestamp >= ${range.from.toISOString()}::timestamptz AND m.timestamp < ${range.to.toISOString()}::timestamptz`;

const units = { hourly: 'hour', daily: 'day', weekly: 'week', monthly: 'month' } as const;

/**
 * Counts per template per bucket; a message's status is the furthest it got, so delivered includes read.
 * The buckets' starts (local midnights, Mondays, ... in `timezone`, DST included) are computed once and
 * each row finds its bucket by binary search (width_bucket): converting every row's time to the
 * timezone instead costs several times more over a million rows.
 */
export async function templateSeries(
  db: Db,
  range: TemplateRange,
  interval: keyof typeof units,
  timezone: string,
  templateName?: string,
): Promise<SeriesRow[]> {
  const unit = units[interval];
  const byName = templateName ? sql` AND m.template_name = ${templateName}` : sql``;
  const { rows } = await db.execute<SeriesRow>(sql`
    WITH b AS (
      SELECT array_agg(local AT TIME ZONE ${timezone} ORDER BY local) AS starts
      FROM generate_series(
        date_trunc(${unit}, ${range.from.toISOString()}::timestamptz AT TIME ZONE ${timezone}),
        ${range.to.toISOString()}::timestamptz AT TIME ZONE ${timezone},
        ('1 ' || ${unit})::interval
      ) local
    )
    SELECT b.starts[s.k] AS bucket, s.template_name, s.total, s.sent, s.delivered, s.read, s.failed
    FROM (
      SELECT width_bucket(m.timestamp, b.starts) AS k, m.template_name,
        count(*)::int AS total,
        count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read'))::int AS sent,
        count(*) FILTER (WHERE m.status IN ('delivered', 'read'))::int AS delivered,
        count(*) FILTER (WHERE m.status = 'read')::int AS read,
        count(*) FILTER (WHERE m.status = 'failed')::int AS failed
      FROM messages m, b
      WHERE ${inRange(range)}${byName}
      GROUP BY 1, 2
    ) s, b
    ORDER BY 1, 2`);
  return rows;
}

const sortColumns: Record<TemplateMessagesQuery['sortBy'], SQL> = {
  timestamp: sql`m.timestamp`,
  status: sql`m.status`,
  templateName: sql`m.template_name`,
  recipient: sql`ct.phone`,
};

function recipientCondition(recipient: string | undefined): SQL {
  if (!recipient) return sql``;
  const digits = recipient.replace(/\D/g, '');
  const byName = sql`ct.name ILIKE ${likeContaining(recipient)}`;
  return digits ? sql` AND (${byName} OR ct.phone LIKE ${`%${digits}%`})` : sql` AND ${byName}`;
}

const sender = userJoin(sql`m.user_id`);

const withContact = sql`messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id`;

/**
 * One page of template messages with their recipients, and how many match. The page's ids are
 * chosen from the messages alone (the contact joined only when it filters or sorts), and the 10 or
 * so rows are then completed: sorting a million joined rows would cost several times more.
 */
export async function templateMessagesPage(
  db: Db,
  range: TemplateRange,
  query: TemplateMessagesQuery,
): Promise<{ rows: TemplateMessageRow[]; total: number }> {
  const where = sql`${inRange(range)}
    ${query.templateName ? sql` AND m.template_name = ${query.templateName}` : sql``}
    ${query.status ? sql` AND m.status = ${query.status}` : sql``}
    ${recipientCondition(query.recipient)}`;
  const from = query.recipient || query.sortBy === 'recipient' ? withContact : sql`messages m`;
  const order = query.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const [page, count] = await Promise.all([
    db.execute<TemplateMessageRow>(sql`
      WITH page AS (
        SELECT m.id, ${sortColumns[query.sortBy]} AS sort_key
        FROM ${from}
        WHERE ${where}
        ORDER BY 2 ${order}, 1 ${order}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}
      )
      SELECT m.id, m.conversation_id, m.wamid, m.template_name, m.content->'template'->>'language' AS language,
        ct.phone, ct.name, m.status, m.timestamp, m.sent_at, m.delivered_at, m.read_at, m.failed_at,
        m.error_code, m.error_title, m.error_details, m.user_id, ${sender.username} AS username
      FROM page
      JOIN messages m ON m.id = page.id
      JOIN conversations c ON c.id = m.conversation_id
      JOIN contacts ct ON ct.id = c.contact_id
      LEFT JOIN ${sender.table} ON ${sender.on}
      ORDER BY page.sort_key ${order}, page.id ${order}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM ${query.recipient ? withContact : sql`messages m`} WHERE ${where}`,
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}
