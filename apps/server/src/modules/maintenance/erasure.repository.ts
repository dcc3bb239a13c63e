import type { ErasureItem } from '@wac/contract/erasure';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { deleteKeepingCounts, type RollupSettings } from '../analytics/index.ts';

/** The contact an address names (the canonical digits, the number as WhatsApp reports it, or the BSUID). */
export type ErasedContact = {
  id: number;
  phone: string | null;
  waId: string;
  bsuid: string | null;
  name: string | null;
};

export async function contactByAddress(db: DbOrTx, address: string, lock = false): Promise<ErasedContact | null> {
  const { rows } = await db.execute<ErasedContact>(sql`
    SELECT id, phone, wa_id AS "waId", bsuid, name FROM contacts WHERE phone = ${address} OR wa_id = ${address} OR bsuid = ${address}
    ORDER BY phone = ${address} DESC NULLS LAST LIMIT 1 ${lock ? sql`FOR UPDATE` : sql``}`);
  return rows[0] ?? null;
}

/** Text that names the customer (either form of their number, or their BSUID): copies of what they wrote (webhooks, deliveries, activities). */
const mentions = (text: SQL, contact: ErasedContact) =>
  sql`(strpos(${text}, ${contact.phone}) > 0 OR strpos(${text}, ${contact.waId}) > 0 OR strpos(${text}, ${contact.bsuid}) > 0)`;

/** Every kind of row erasure takes of a contact, as a condition on the table's alias. */
function erasedRows(contact: ErasedContact) {
  const conversations = sql`SELECT id FROM conversations WHERE contact_id = ${contact.id}`;
  const numbers = sql`ARRAY[${contact.phone}, ${contact.waId}, ${contact.bsuid}]::text[]`;
  return {
    messages: { from: sql`messages m`, where: sql`m.conversation_id IN (${conversations})` },
    mediaFiles: {
      from: sql`media_files f JOIN messages m ON m.id = f.message_id`,
      where: sql`m.conversation_id IN (${conversations})`,
      bytes: sql`coalesce(sum(f.file_size) FILTER (WHERE f.storage_key IS NOT NULL), 0)`,
    },
    conversations: { from: sql`conversations c`, where: sql`c.contact_id = ${contact.id}` },
    campaignRecipients: {
      from: sql`campaign_recipients r`,
      where: sql`r.wa_id = ANY(${numbers}) OR r.phone = ANY(ARRAY['+' || ${contact.phone}, '+' || ${contact.waId}])
        OR r.message_id IN (SELECT id FROM messages WHERE conversation_id IN (${conversations}))`,
    },
    flowSessions: { from: sql`flow_sessions s`, where: sql`s.conversation_id IN (${conversations}) OR s.user_id = ANY(${numbers})` },
    activities: { from: sql`activities a`, where: mentions(sql`a.data::text`, contact) },
    webhookEvents: { from: sql`webhook_events w`, where: sql`w.processed_at IS NOT NULL AND ${mentions(sql`w.payload::text`, contact)}` },
    outboundDeliveries: { from: sql`outbound_deliveries d`, where: mentions(sql`d.payload::text`, contact) },
    /** Stored answers of API sends (kept a day for replays). */
    apiReplays: { from: sql`api_idempotency i`, where: sql`i.response IS NOT NULL AND ${mentions(sql`i.response::text`, contact)}` },
  } satisfies Record<string, { from: SQL; where: SQL; bytes?: SQL }>;
}

/** What erasing the contact takes, by kind. */
export async function erasureTally(db: DbOrTx, contact: ErasedContact): Promise<ErasureItem[]> {
  const items: ErasureItem[] = [];
  for (const [name, rows] of Object.entries(erasedRows(contact))) {
    const bytes = 'bytes' in rows ? rows.bytes : sql`0`;
    const { rows: found } = await db.execute<{ count: string; bytes: string }>(
      sql`SELECT count(*) AS count, ${bytes} AS bytes FROM ${rows.from} WHERE ${rows.where}`,
    );
    items.push({ name, count: Number(found[0]?.count ?? 0), bytes: Number(found[0]?.bytes ?? 0) });
  }
  return items;
}

/**
 * Erases the contact in the caller's transaction, its row locked first (a customer writing meanwhile waits, then
 * starts afresh as a new contact): their conversations with everything in them (messages, media rows, session changes,
 * flow sessions), campaign recipient rows, API flow sessions, and the copies of their number in processed webhooks,
 * outbound deliveries and activities. What the analytics counted stays, as anonymous counts. Answers the media files'
 * keys no row refers to any more, to remove from the disk once committed.
 */
export async function eraseContact(tx: Tx, contact: ErasedContact, settings: RollupSettings): Promise<string[]> {
  const rows = erasedRows(contact);
  const { rows: conversations } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM conversations WHERE contact_id = ${contact.id} ORDER BY id FOR UPDATE`);
  const { rows: media } = await tx.execute<{ key: string }>(sql`
    SELECT DISTINCT f.storage_key AS key FROM ${rows.mediaFiles.from} WHERE ${rows.mediaFiles.where} AND f.storage_key IS NOT NULL`);
  const ids = conversations.map((row) => row.id);
  await deleteKeepingCounts(tx, settings, { ids, since: ids.map(() => new Date(0)) }, async () => {
    // Before the messages, which they may point at (and which counted them as campaign sends).
    await tx.execute(sql`DELETE FROM ${rows.campaignRecipients.from} WHERE ${rows.campaignRecipients.where}`);
    await tx.execute(sql`DELETE FROM messages m WHERE ${rows.messages.where}`);
    await tx.execute(sql`DELETE FROM conversation_session_changes WHERE conversation_id = ANY(${sql.param(ids)}::int[])`);
    await tx.execute(sql`DELETE FROM flow_sessions s WHERE ${rows.flowSessions.where}`);
  });
  // Their reply times: the counters keep them, the per-conversation samples go with the conversations.
  await tx.execute(sql`DELETE FROM analytics_response_samples WHERE conversation_id = ANY(${sql.param(ids)}::int[])`);
  await tx.execute(sql`DELETE FROM contacts WHERE id = ${contact.id}`);
  for (const table of ['activities', 'webhookEvents', 'outboundDeliveries', 'apiReplays'] as const) {
    const { from, where } = rows[table];
    await tx.execute(sql`DELETE FROM ${from} WHERE ${where}`);
  }
  const { rows: freed } = await tx.execute<{ key: string }>(sql`
    SELECT k AS key FROM unnest(${sql.param(media.map((row) => row.key))}::text[]) k
    WHERE NOT EXISTS (SELECT 1 FROM media_files f WHERE f.storage_key = k)`);
  return freed.map((row) => row.key);
}
