import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../test/test-database.ts';
import { contacts, conversations, messages } from './schema.ts';
import { returnedRows, unnestRows } from './unnest-rows.ts';

const database = freshDatabaseForFile();

it('reads rows a raw RETURNING * answered exactly as a select of the table reads them', async () => {
  const [contact] = await database.db.insert(contacts).values({ phone: '+15550001', waId: '15550001', name: 'Ada' }).returning();
  const [conversation] = await database.db
    .insert(conversations)
    .values({ contactId: contact?.id ?? 0, phoneNumberId: 'pn-1' })
    .returning();
  const values = unnestRows('v', [
    ['conversation_id', 'int', [conversation?.id, conversation?.id]],
    ['wamid', 'text', ['wamid.a', null]],
    ['type', 'text', ['text', 'image']],
    ['content', 'jsonb', [JSON.stringify({ text: 'hello' }), JSON.stringify({ media: { id: 'm1' } })]],
    ['timestamp', 'timestamptz', [new Date('2026-01-02T03:04:05.678Z'), new Date('2026-01-02T03:04:06Z')]],
  ]);
  const raw = await database.db.execute<Record<string, unknown>>(
    sql`INSERT INTO messages (${values.columns}, direction, status) SELECT ${values.columns}, 'inbound', 'received' FROM ${values.source} RETURNING *`,
  );
  const returned = returnedRows(messages, raw.rows).sort((a, b) => a.id - b.id);
  const selected = await database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversation?.id ?? 0))
    .orderBy(messages.id);
  expect(returned).toEqual(selected);
  expect(returned[0]?.timestamp).toEqual(new Date('2026-01-02T03:04:05.678Z'));
  expect(returned[0]?.content).toEqual({ text: 'hello' });
  expect(returned[1]?.wamid).toBeNull();
});
