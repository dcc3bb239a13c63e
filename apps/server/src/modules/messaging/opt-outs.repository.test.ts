import { DEFAULT_OPT_IN_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS, type OptKeywords } from '@wac/contract/app-settings-defaults';
import type { MessageType } from '@wac/contract/whatsapp-messages';
import { describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import type { DbOrTx } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import { upsertContact } from './contact-identities.repository.ts';
import { insertInboundMessages, upsertConversation } from './inbound-messages.repository.ts';
import { optedOutCustomers } from './opt-outs.repository.ts';

const database = freshDatabaseForFile();
const defaults: OptKeywords = { optOut: [...DEFAULT_OPT_OUT_KEYWORDS], optIn: [...DEFAULT_OPT_IN_KEYWORDS] };
let clock = Date.UTC(2025, 0, 1);
let wamids = 0;

interface Said {
  text: string;
  direction?: 'inbound' | 'outbound';
  type?: MessageType;
  /** Meta's time of the message; by default each message is a minute after the one before. */
  at?: Date;
  businessNumber?: string;
}

/** Stores what the customer of `digits` (and the business) wrote, in this order, as the webhook path stores it. */
async function conversation(digits: string, ...said: (string | Said)[]) {
  await database.db.transaction(async (tx) => {
    const contact = await upsertContact(tx, { phone: digits, waId: digits, name: null });
    for (const item of said) {
      const { text, direction = 'inbound', type = 'text', at, businessNumber = '100' } = typeof item === 'string' ? { text: item } : item;
      clock += 60_000;
      const timestamp = at ?? new Date(clock);
      const conversationId = await upsertConversation(tx, contact.id, businessNumber);
      wamids += 1;
      if (direction === 'inbound') {
        await insertInboundMessages(tx, [{ conversationId, wamid: `wamid.${wamids}`, type, content: { text }, timestamp, error: null }]);
      } else {
        await tx
          .insert(messages)
          .values({ conversationId, wamid: `wamid.${wamids}`, direction, type, content: { text }, status: 'sent', timestamp });
      }
    }
  });
}

const optedOut = (phones: string[], keywords: OptKeywords = defaults) => optedOutCustomers(database.db, phones, keywords);

describe('optedOutCustomers', () => {
  it('answers the customers whose last keyword was an opt-out one, in the form given', async () => {
    await conversation('447700900001', 'Hi, where is my parcel?', 'STOP');
    await conversation('447700900002', 'thanks', 'stop!');
    await conversation('447700900003', 'Please stop sending');
    await conversation('447700900004', 'STOP', 'START');
    await conversation('447700900005', 'START', 'Stop.');
    await conversation('447700900006', 'Hello', 'Can I change my order?');
    await conversation('447700900007', '  opt   out ', 'ok thanks');
    await conversation('447700900008', '¡Unsubscribe!');

    const phones = ['+447700900001', '+447700900002', '+447700900003', '+447700900004', '+447700900005'];
    const others = ['+447700900006', '+447700900007', '+447700900008', '+447700900099', 'not a phone'];
    expect(await optedOut([...phones, ...others])).toEqual(
      new Set(['+447700900001', '+447700900002', '+447700900005', '+447700900007', '+447700900008']),
    );
  });

  it('goes by when the customer wrote, not the order messages were stored in', async () => {
    await conversation(
      '447700900011',
      { text: 'START', at: new Date(Date.UTC(2025, 5, 2)) },
      { text: 'STOP', at: new Date(Date.UTC(2025, 5, 1)) },
    );
    await conversation(
      '447700900012',
      { text: 'STOP', at: new Date(Date.UTC(2025, 5, 2)) },
      { text: 'START', at: new Date(Date.UTC(2025, 5, 1)) },
    );
    expect(await optedOut(['+447700900011', '+447700900012'])).toEqual(new Set(['+447700900012']));
  });

  it('counts only what the customer sent, including button replies, on every business number', async () => {
    await conversation('447700900021', { text: 'Reply STOP to opt out', direction: 'outbound' }, { text: 'STOP', direction: 'outbound' });
    await conversation('447700900022', { text: 'Stop', type: 'button' });
    await conversation('447700900023', 'STOP', { text: 'START', businessNumber: '200' });
    await conversation('447700900024', { text: 'START', businessNumber: '200' }, 'STOP');
    expect(await optedOut(['+447700900021', '+447700900022', '+447700900023', '+447700900024'])).toEqual(
      new Set(['+447700900022', '+447700900024']),
    );
  });

  it('follows the keywords as they are edited', async () => {
    await conversation('447700900031', 'BASTA');
    await conversation('447700900032', 'STOP');
    await conversation('447700900033', 'STOP', 'VOLVER');
    const phones = ['+447700900031', '+447700900032', '+447700900033'];
    expect(await optedOut(phones)).toEqual(new Set(['+447700900032', '+447700900033']));
    expect(await optedOut(phones, { optOut: ['basta', 'STOP'], optIn: ['volver'] })).toEqual(new Set(['+447700900031', '+447700900032']));
    expect(await optedOut(phones, { optOut: ['BASTA'], optIn: [] })).toEqual(new Set(['+447700900031']));
    // A word in both lists is the safe reading: out.
    expect(await optedOut(['+447700900033'], { optOut: ['VOLVER'], optIn: ['VOLVER'] })).toEqual(new Set(['+447700900033']));
  });

  it('finds a contact however the number is written, and answers each form given', async () => {
    // Brazil's ninth digit: the contact is stored with it; the campaign may hold either form.
    await conversation('5511987654321', 'SAIR', 'STOP');
    expect(await optedOut(['+5511987654321', '+551187654321'])).toEqual(new Set(['+5511987654321', '+551187654321']));
  });

  it('answers a batch of hundreds of phones in one go', async () => {
    const digits = Array.from({ length: 300 }, (_, i) => `4477009${String(10_000 + i).slice(1)}`);
    for (const [i, phone] of digits.entries()) {
      if (i % 3 === 0) await conversation(phone, 'hello', 'STOP');
      else if (i % 3 === 1) await conversation(phone, 'STOP', 'start', 'thanks');
    }
    const out = await optedOut(digits.map((d) => `+${d}`));
    expect(out).toEqual(new Set(digits.filter((_, i) => i % 3 === 0).map((d) => `+${d}`)));
  });

  it('answers an empty set without asking the database when there is nothing to look for', async () => {
    const noDatabase = new Proxy({}, { get: () => expect.unreachable('no query expected') }) as DbOrTx;
    expect(await optedOutCustomers(noDatabase, [], defaults)).toEqual(new Set());
    expect(await optedOutCustomers(noDatabase, ['+447700900001'], { optOut: [], optIn: ['START'] })).toEqual(new Set());
    expect(await optedOutCustomers(noDatabase, ['+447700900001'], { optOut: [' ', '!!'], optIn: [] })).toEqual(new Set());
    expect(await optedOutCustomers(noDatabase, ['not a phone'], defaults)).toEqual(new Set());
  });
});
