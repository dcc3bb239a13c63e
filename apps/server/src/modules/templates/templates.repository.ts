import type { TemplateSearchQuery } from '@wac/contract/templates';
import { and, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { messageTemplates, templateUploads } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { userJoin, usernamesByIds } from '../accounts/index.ts';

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type NewTemplateRow = typeof messageTemplates.$inferInsert;
export type TemplateUploadRow = typeof templateUploads.$inferSelect;

/** A template with the name of whoever created it here (null for templates synced from Meta). */
export interface TemplateWithCreator {
  template: TemplateRow;
  creatorName: string | null;
}

const creator = userJoin(messageTemplates.createdBy);
const withCreator = { template: messageTemplates, creatorName: creator.username };

function selectWithCreator(db: DbOrTx) {
  return db.select(withCreator).from(messageTemplates).leftJoin(creator.table, creator.on);
}

export async function templateById(db: DbOrTx, id: number): Promise<TemplateWithCreator | undefined> {
  return (await selectWithCreator(db).where(eq(messageTemplates.id, id)))[0];
}

export async function templateByNameAndLanguage(db: DbOrTx, name: string, language: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.name, name), eq(messageTemplates.language, language)));
  return row;
}

/** Held until the transaction ends, so an edit and a status webhook never overwrite each other. */
export async function lockTemplate(db: DbOrTx, where: SQL): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(messageTemplates).where(where).for('update');
  return row;
}

export const byId = (id: number) => eq(messageTemplates.id, id);
export const byMetaId = (metaId: string) => eq(messageTemplates.metaId, metaId);
export const byNameAndLanguage = (name: string, language: string) =>
  and(eq(messageTemplates.name, name), eq(messageTemplates.language, language)) as SQL;

export async function insertTemplate(db: DbOrTx, row: NewTemplateRow): Promise<TemplateRow | undefined> {
  const [inserted] = await db
    .insert(messageTemplates)
    .values(row)
    .onConflictDoNothing({ target: [messageTemplates.name, messageTemplates.language] })
    .returning();
  return inserted;
}

export async function updateTemplate(db: DbOrTx, id: number, change: Partial<NewTemplateRow>): Promise<TemplateRow> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(messageTemplates.id, id))
    .returning();
  if (!row) throw new Error(`template ${id} vanished`);
  return row;
}

export async function deleteTemplates(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(messageTemplates).where(inArray(messageTemplates.id, ids));
}

export async function creatorNameOf(db: DbOrTx, template: TemplateRow): Promise<string | null> {
  if (template.createdBy === null) return null;
  return (await usernamesByIds(db, [template.createdBy])).get(template.createdBy) ?? null;
}

// One sync at a time across every server process.
const SYNC_LOCK_SPACE = 7703;

/** Waits for any other sync to end, then holds every template until the transaction ends: what a sync reconciles. */
export async function lockTemplatesForSync(tx: Tx): Promise<TemplateRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SYNC_LOCK_SPACE}, 0)`);
  return tx.select().from(messageTemplates).for('update');
}

/** Every template Meta has given an id: what a sync compares Meta's list with. */
export function submittedTemplates(db: DbOrTx): Promise<TemplateRow[]> {
  return db.select().from(messageTemplates).where(isNotNull(messageTemplates.metaId));
}

export async function searchTemplates(db: DbOrTx, query: TemplateSearchQuery): Promise<{ rows: TemplateWithCreator[]; total: number }> {
  const conditions = [
    query.category ? eq(messageTemplates.category, query.category) : undefined,
    query.status ? eq(messageTemplates.status, query.status) : undefined,
    query.language ? eq(messageTemplates.language, query.language) : undefined,
    query.name ? ilike(messageTemplates.name, likeContaining(query.name)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    selectWithCreator(db)
      .where(where)
      .orderBy(desc(messageTemplates.updatedAt), desc(messageTemplates.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(messageTemplates).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertUpload(db: DbOrTx, row: typeof templateUploads.$inferInsert): Promise<TemplateUploadRow> {
  const [inserted] = await db.insert(templateUploads).values(row).returning();
  if (!inserted) throw new Error('upload insert returned nothing');
  return inserted;
}

export async function uploadById(db: DbOrTx, id: string): Promise<TemplateUploadRow | undefined> {
  const [row] = await db.select().from(templateUploads).where(eq(templateUploads.id, id));
  return row;
}

export async function recordUploadMetaMedia(db: DbOrTx, id: string, metaMediaId: string): Promise<void> {
  await db.update(templateUploads).set({ metaMediaId, metaMediaAt: new Date() }).where(eq(templateUploads.id, id));
}
