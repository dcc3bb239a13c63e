import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import type { Tx } from '../../db/database.ts';
import { upsertContacts } from './contact-identities.repository.ts';
import { conversationKey, insertInboundMessages, upsertConversations } from './inbound-messages.repository.ts';

const database = freshDatabaseForFile();
const tx = <T>(work: (tx: Tx) => Promise<T>) => database.db.transaction(work);

it('answers every contact of a batch in order: new ones, known ones brought up to date, and known ones left as they were', async () => {
  const first = await tx((t) =>
    upsertContacts(t, [
      { phone: '15550101', waId: '15550101', name: 'Ada' },
      { phone: '15550102', waId: '15550102', name: 'Ben' },
    ]),
  );
  const second = await tx((t) =>
    upsertContacts(t, [
      { phone: '15550101', waId: '15550101', name: 'Ada' }, // known, unchanged: read back
      { phone: '15550102', waId: '15550102', name: 'Benjamin' }, // known, renamed
      { phone: '15550103', waId: '15550103', name: null }, // new
    ]),
  );
  expect(second[0]).toEqual(first[0]);
  expect(second[1]).toMatchObject({ id: first[1]?.id, name: 'Benjamin' });
  expect(second[2]).toMatchObject({ phone: '15550103', waId: '15550103', bsuid: null, name: null });
  expect(second[2]?.createdAt).toBeInstanceOf(Date);
});

it('keeps a customer known by BSUID alone, sending to the BSUID, until a report ties it to their number', async () => {
  const bsuid = 'GB.7001';
  const [alone] = await tx((t) => upsertContacts(t, [{ phone: null, waId: null, bsuid, username: 'ann.b', name: 'Ann' }]));
  expect(alone).toMatchObject({ phone: null, waId: bsuid, bsuid, username: 'ann.b', name: 'Ann' });
  // One batch: the BSUID alone, then with the number; both are the same customer.
  const both = await tx((t) =>
    upsertContacts(t, [
      { phone: null, waId: null, bsuid, name: null },
      { phone: '447700900701', waId: '447700900701', bsuid, name: null },
    ]),
  );
  expect(both.map((c) => c.id)).toEqual([alone?.id, alone?.id]);
  expect(both[1]).toMatchObject({ phone: '447700900701', waId: '447700900701', bsuid, username: 'ann.b', name: 'Ann' });
});

async function conversationWith(contactId: number, phoneNumberId: string, texts: string[], at: number) {
  return tx(async (t) => {
    const key = { contactId, phoneNumberId };
    const conversationId = (await upsertConversations(t, [key])).get(conversationKey(key)) as number;
    await insertInboundMessages(
      t,
      texts.map((text, k) => ({
        conversationId,
        wamid: `wamid.${contactId}.${phoneNumberId}.${k}`,
        type: 'text',
        content: { text },
        timestamp: new Date(at + k * 1000),
        error: null,
      })),
    );
    return conversationId;
  });
}

it('makes the two contacts a report ties together one, with one conversation per business number', async () => {
  const bsuid = 'GB.7002';
  const [byPhone] = await tx((t) => upsertContacts(t, [{ phone: '447700900702', waId: '447700900702', name: 'Bo' }]));
  const [byBsuid] = await tx((t) => upsertContacts(t, [{ phone: null, waId: null, bsuid, username: 'bo', name: null }]));
  if (!byPhone || !byBsuid) throw new Error('contacts not created');
  const kept = await conversationWith(byPhone.id, 'pn-1', ['by number'], Date.UTC(2026, 5, 1));
  await conversationWith(byBsuid.id, 'pn-1', ['by username', 'later'], Date.UTC(2026, 5, 2));
  const second = await conversationWith(byBsuid.id, 'pn-2', ['other number'], Date.UTC(2026, 5, 3));

  const [merged] = await tx((t) => upsertContacts(t, [{ phone: '447700900702', waId: '447700900702', bsuid, name: null }]));
  expect(merged).toMatchObject({ id: byPhone.id, phone: '447700900702', bsuid, username: 'bo', name: 'Bo' });
  const { rows: people } = await database.db.execute(sql`SELECT id FROM contacts WHERE id IN (${byPhone.id}, ${byBsuid.id})`);
  expect(people).toEqual([{ id: byPhone.id }]);
  const { rows } = await database.db.execute<{ id: number; phone_number_id: string; texts: string[]; unread_count: number }>(sql`
    SELECT c.id, c.phone_number_id, c.unread_count, array_agg(m.content->>'text' ORDER BY m.timestamp) AS texts
    FROM conversations c JOIN messages m ON m.conversation_id = c.id
    WHERE c.contact_id = ${byPhone.id} GROUP BY c.id ORDER BY c.phone_number_id`);
  expect(rows).toEqual([
    { id: kept, phone_number_id: 'pn-1', unread_count: 3, texts: ['by number', 'by username', 'later'] },
    { id: second, phone_number_id: 'pn-2', unread_count: 1, texts: ['other number'] },
  ]);
  const { rows: last } = await database.db.execute<{ text: string }>(sql`
    SELECT m.content->>'text' AS text FROM conversations c JOIN messages m ON m.id = c.last_message_id WHERE c.id = ${kept}`);
  expect(last).toEqual([{ text: 'later' }]);
});

it('finds the contact and conversation another transaction created meanwhile', async () => {
  const input = { phone: '15550201', waId: '15550201', name: 'Cy' };
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The first transaction writes the contact and conversation and keeps them uncommitted for a while.
  let firstIds: { contactId: number; conversationId: number } | undefined;
  const first = database.db.transaction(async (tx) => {
    const [contact] = await upsertContacts(tx, [input]);
    const key = { contactId: contact?.id ?? 0, phoneNumberId: 'pn-1' };
    const conversationId = (await upsertConversations(tx, [key])).get(conversationKey(key));
    firstIds = { contactId: contact?.id ?? 0, conversationId: conversationId ?? 0 };
    await held;
  });
  while (!firstIds) await new Promise((resolve) => setTimeout(resolve, 10));
  // The second one's inserts wait on those rows, then must answer them once the first commits.
  const second = database.db.transaction(async (tx) => {
    const [contact] = await upsertContacts(tx, [input]);
    const key = { contactId: contact?.id ?? 0, phoneNumberId: 'pn-1' };
    return { contactId: contact?.id, conversationId: (await upsertConversations(tx, [key])).get(conversationKey(key)) };
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await first;
  expect(await second).toEqual(firstIds);
});
