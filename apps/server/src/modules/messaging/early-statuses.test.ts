import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { earlyStatuses, messages } from '../../db/schema.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { upsertContact } from './contact-identities.repository.ts';
import { upsertConversation } from './inbound-messages.repository.ts';
import { applyStatus, sweepEarlyStatuses } from './message-statuses.repository.ts';

const database = freshDatabaseForFile();
let tables: ReturnType<typeof whatsappTables>;
beforeAll(() => {
  tables = whatsappTables(database.db);
});

describe('early statuses sweep', () => {
  it('applies kept statuses to messages stored by another path, and forgets week-old ones', async () => {
    const { db } = database;
    await db.transaction((tx) => applyStatus(tx, { wamid: 'wamid.side', status: 'delivered', timestamp: new Date(5000), error: null }));
    await db.transaction((tx) => applyStatus(tx, { wamid: 'wamid.never', status: 'sent', timestamp: new Date(5000), error: null }));
    await db.update(earlyStatuses).set({ receivedAt: sql`now() - interval '8 days'` }).where(sql`${earlyStatuses.wamid} = 'wamid.never'`);
    // A message written without the repository, as a bulk import might.
    await db.transaction(async (tx) => {
      const contact = await upsertContact(tx, { phone: '447700900999', waId: '447700900999', name: null });
      const conversationId = await upsertConversation(tx, contact.id, '100');
      await tx.insert(messages).values({ conversationId, wamid: 'wamid.side', direction: 'outbound', type: 'text', status: 'pending' });
    });

    const changed = await db.transaction((tx) => sweepEarlyStatuses(tx));
    expect(changed.map((r) => [r.message.wamid, r.message.status])).toEqual([['wamid.side', 'delivered']]);
    expect((await tables.message('wamid.side'))?.deliveredAt?.getTime()).toBe(5000);
    expect(await tables.earlyStatuses('wamid.side')).toHaveLength(0);
    expect(await tables.earlyStatuses('wamid.never')).toHaveLength(0);
    expect(await db.transaction((tx) => sweepEarlyStatuses(tx))).toEqual([]);
  });
});
