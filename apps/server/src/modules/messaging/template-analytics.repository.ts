import type { TemplateMessagesQuery } from '@wac/contract/template-analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { userJoin } from '../accounts/index.ts';

export interface TemplateRange {
  from: Date;
  to: Date;
}

export interface TemplateMessageRow extends Record<string, unknown> {
  id: number;
  conversation_id: number;
  wamid: string | null;
  template_name: string;
  language: string | null;
  /** The number, or the BSUID of a customer known by no number. */
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

// Only template rows, only the range: both served by the partial index messages_template_time_idx.
const inRange = (range: TemplateRange) =>
  sql`m.template_name IS NOT NULL AND m.timestamp >= ${range.from.toISOString()}::timestamptz AND m.timestamp < ${range.to.toISOString()}::timestamptz`;

const sortColumns: Record<TemplateMessagesQuery['sortBy'], SQL> = {
  timestamp: sql`m.timestamp`,
  status: sql`m.status`,
  templateName: sql`m.template_name`,
  recipient: sql`coalesce(ct.phone, ct.bsuid)`,
};

function recipientCondition(recipient: string | undefined): SQL {
  if (!recipient) return sql``;
  const digits = recipient.replace(/\D/g, '');
  const byName = sql`(ct.name ILIKE ${likeContaining(recipient)} OR ct.username ILIKE ${likeContaining(recipient.replace(/^@/, ''))})`;
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
        coalesce(ct.phone, ct.bsuid) AS phone, ct.name, m.status, m.timestamp, m.sent_at, m.delivered_at, m.read_at, m.failed_at,
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
