import { expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { conversationKey, upsertContacts, upsertConversations } from './inbound-messages.repository.ts';

const database = freshDatabaseForFile();

it('answers every contact of a batch: new ones, known ones brought up to date, and known ones left as they were', async () => {
  const first = await database.db.transaction((tx) =>
    upsertContacts(tx, [
      { phone: '+15550101', waId: '15550101', name: 'Ada' },
      { phone: '+15550102', waId: '15550102', name: 'Ben' },
    ]),
  );
  const second = await database.db.transaction((tx) =>
    upsertContacts(tx, [
      { phone: '+15550101', waId: '15550101', name: 'Ada' }, // known, unchanged: read back
      { phone: '+15550102', waId: '15550102', name: 'Benjamin' }, // known, renamed: returned by the update
      { phone: '+15550103', waId: '15550103', name: null }, // new: returned by the insert
    ]),
  );
  expect([...second.keys()].sort()).toEqual(['+15550101', '+15550102', '+15550103']);
  expect(second.get('+15550101')).toEqual(first.get('+15550101'));
  expect(second.get('+15550102')).toMatchObject({ id: first.get('+15550102')?.id, name: 'Benjamin' });
  expect(second.get('+15550103')).toMatchObject({ waId: '15550103', name: null });
  expect(second.get('+15550103')?.createdAt).toBeInstanceOf(Date);
});

it('finds the contact and conversation another transaction created meanwhile', async () => {
  const input = { phone: '+15550201', waId: '15550201', name: 'Cy' };
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The first transaction writes the contact and conversation and keeps them uncommitted for a while.
  let firstIds: { contactId: number; conversationId: number } | undefined;
  const first = database.db.transaction(async (tx) => {
    const contact = (await upsertContacts(tx, [input])).get(input.phone);
    const key = { contactId: contact?.id ?? 0, phoneNumberId: 'pn-1' };
    const conversationId = (await upsertConversations(tx, [key])).get(conversationKey(key));
    firstIds = { contactId: contact?.id ?? 0, conversationId: conversationId ?? 0 };
    await held;
  });
  while (!firstIds) await new Promise((resolve) => setTimeout(resolve, 10));
  // The second one's inserts wait on those rows, then must answer them once the first commits.
  const second = database.db.transaction(async (tx) => {
    const contact = (await upsertContacts(tx, [input])).get(input.phone);
    const key = { contactId: contact?.id ?? 0, phoneNumberId: 'pn-1' };
    return { contactId: contact?.id, conversationId: (await upsertConversations(tx, [key])).get(conversationKey(key)) };
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await first;
  expect(await second).toEqual(firstIds);
});
