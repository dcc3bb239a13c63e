import { JOB_FAILURES_SHOWN } from '@wac/contract/jobs';
import type { MediaKind, MessageDirection } from '@wac/contract/whatsapp-messages';
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { contacts, conversations, mediaFiles, messages } from '../../db/schema.ts';
import { type ClaimQueue, claimQueue } from '../../jobs/job-runner.ts';
import { contactColumns } from './contacts.repository.ts';

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export interface NewInboundMedia {
  messageId: number;
  kind: MediaKind;
  metaMediaId: string;
  mimeType: string | null;
  sha256: string | null;
  filename: string | null;
}

async function insertMediaFile(tx: DbOrTx, values: typeof mediaFiles.$inferInsert): Promise<MediaFileRow> {
  const [row] = await tx.insert(mediaFiles).values(values).returning();
  if (!row) throw new Error('media file insert returned nothing');
  return row;
}

/** Queues customers' files for download; written in the transaction that stores their messages. */
export async function insertPendingInboundMedia(tx: DbOrTx, inputs: NewInboundMedia[]): Promise<void> {
  if (inputs.length === 0) return;
  await tx.insert(mediaFiles).values(inputs.map((input) => ({ ...input, direction: 'inbound' as const, status: 'pending' as const })));
}

/** A file an agent sends, already in our storage; written in the transaction that stores its message. */
export function insertOutboundMedia(
  tx: DbOrTx,
  input: Pick<MediaFileRow, 'messageId' | 'kind' | 'mimeType' | 'fileSize' | 'sha256' | 'filename' | 'storageKey'>,
): Promise<MediaFileRow> {
  return insertMediaFile(tx, { ...input, direction: 'outbound', status: 'ready' });
}

/**
 * Takes due downloads for this server: the row is leased (next_attempt_at pushed ahead) and its attempt
 * counted in one statement, so other servers skip it and a crashed server's lease simply runs out.
 */
export function claimDueDownloads(db: Db, limit: number, leaseMs: number): Promise<MediaFileRow[]> {
  const due = db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.status, 'pending'), eq(mediaFiles.direction, 'inbound'), lte(mediaFiles.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mediaFiles.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mediaFiles)
    .set({
      attempts: sql`${mediaFiles.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(mediaFiles.id, due))
    .returning();
}

export type DownloadOutcome =
  | { status: 'ready'; storageKey: string; fileSize: number; sha256: string; mimeType: string }
  | { status: 'retry'; error: string; delayMs: number }
  | { status: 'failed'; error: string };

/** Records how an attempt ended; null when the row was no longer pending (another server finished it). */
export async function finishDownload(db: Db, id: number, outcome: DownloadOutcome): Promise<MediaFileRow | null> {
  const set =
    outcome.status === 'ready'
      ? { ...outcome, error: null }
      : outcome.status === 'retry'
        ? { error: outcome.error, nextAttemptAt: sql`now() + make_interval(secs => ${outcome.delayMs / 1000})` }
        : { status: 'failed' as const, error: outcome.error };
  const [row] = await db
    .update(mediaFiles)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function conversationOfMessage(db: DbOrTx, messageId: number): Promise<number | null> {
  const [row] = await db.select({ id: messages.conversationId }).from(messages).where(eq(messages.id, messageId));
  return row?.id ?? null;
}

export async function findMediaFile(db: Db, id: number): Promise<MediaFileRow | null> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row ?? null;
}

export interface MediaListFilter {
  page: number;
  limit: number;
  kind?: MediaKind;
  direction?: MessageDirection;
}

/** The media library, newest first, with the message, conversation and contact each file belongs to. */
export async function listMediaFiles(db: Db, filter: MediaListFilter) {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(mediaFiles.kind, filter.kind));
  if (filter.direction) conditions.push(eq(mediaFiles.direction, filter.direction));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        file: mediaFiles,
        conversationId: messages.conversationId,
        content: messages.content,
        contact: contactColumns,
      })
      .from(mediaFiles)
      .leftJoin(messages, eq(messages.id, mediaFiles.messageId))
      .leftJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(contacts, eq(contacts.id, conversations.contactId))
      .where(where)
      .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const failedDownload = and(eq(mediaFiles.direction, 'inbound'), eq(mediaFiles.status, 'failed'));

/** The download worker's queue for the jobs page: files waiting (those in hand included) and those given up on, newest first. */
export async function downloadQueue(db: Db): Promise<ClaimQueue> {
  const [[counts], failures] = await Promise.all([
    db
      .select({
        queued: sql<number>`count(*) FILTER (WHERE ${mediaFiles.status} = 'pending')::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${mediaFiles.status} = 'failed')::int`,
      })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.direction, 'inbound'), inArray(mediaFiles.status, ['pending', 'failed']))),
    db
      .select({ id: mediaFiles.id, error: mediaFiles.error, at: mediaFiles.updatedAt, attempts: mediaFiles.attempts })
      .from(mediaFiles)
      .where(failedDownload)
      .orderBy(desc(mediaFiles.updatedAt), desc(mediaFiles.id))
      .limit(JOB_FAILURES_SHOWN),
  ]);
  return claimQueue(counts, failures);
}

/** Queues a download that was given up on again, due now with fresh attempts; false when the file is not such a download. */
export async function retryDownload(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(mediaFiles)
    .set({ status: 'pending', attempts: 0, error: null, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(mediaFiles.id, id), failedDownload))
    .returning({ id: mediaFiles.id });
  return rows.length > 0;
}
