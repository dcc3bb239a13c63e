import { describe, expect, it } from 'vitest';
import { blankSandboxContent, createSandboxConversations, type NewSandboxMessage } from './sandbox-conversations.ts';

const text = (wamid: string, direction: NewSandboxMessage['direction'] = 'to_customer'): NewSandboxMessage => ({
  ...blankSandboxContent,
  wamid,
  direction,
  type: 'text',
  text: wamid,
});

const PN = '100000000000001';

describe('sandbox conversations', () => {
  it('keeps only the latest messages of a customer', () => {
    const record = createSandboxConversations({ messagesPerCustomer: 3, customers: 10 });
    for (const n of [1, 2, 3, 4, 5]) record.add('447700900001', PN, text(`wamid.${n}`));
    expect(record.conversation('447700900001', PN).messages.map((m) => m.wamid)).toEqual(['wamid.3', 'wamid.4', 'wamid.5']);
    // A dropped message no longer takes statuses.
    record.setStatus('wamid.1', 'read');
    expect(record.conversation('447700900001', PN).messages.every((m) => m.status === 'accepted')).toBe(true);
  });

  it('forgets the customer least recently active when there are too many, and lists the rest newest first', () => {
    const record = createSandboxConversations({ messagesPerCustomer: 10, customers: 2 });
    record.add('447700900001', PN, text('wamid.a'), 'Ann');
    record.add('447700900002', PN, text('wamid.b'), 'Bob');
    record.add('447700900001', PN, text('wamid.c'));
    record.add('447700900003', PN, text('wamid.d'), 'Cy');
    expect(record.customers().map((c) => [c.phone, c.name, c.messages])).toEqual([
      ['447700900003', 'Cy', 1],
      ['447700900001', 'Ann', 2],
    ]);
    expect(record.conversation('447700900002', PN).messages).toEqual([]);
  });

  it('moves statuses forward only and keeps the error of a failure', () => {
    const record = createSandboxConversations();
    record.add('447700900001', PN, text('wamid.x'));
    record.setStatus('wamid.x', 'read');
    record.setStatus('wamid.x', 'delivered');
    expect(record.conversation('447700900001', PN).messages[0]?.status).toBe('read');
    record.add('447700900001', PN, text('wamid.y'));
    record.setStatus('wamid.y', 'failed', { code: 131026, title: 'Message undeliverable' });
    expect(record.conversation('447700900001', PN).messages[1]).toMatchObject({
      status: 'failed',
      error: { code: 131026, title: 'Message undeliverable' },
    });
  });

  it("treats a Brazilian number with or without the ninth digit as one customer, and marks the customer's earlier messages read", () => {
    const record = createSandboxConversations();
    record.add('551187654321', PN, text('wamid.in1', 'from_customer'), 'Maria');
    record.add('5511987654321', PN, text('wamid.out', 'to_customer'));
    record.add('551187654321', PN, text('wamid.in2', 'from_customer'));
    record.add('551187654321', PN, text('wamid.in3', 'from_customer'));
    record.markReadByBusiness('wamid.in2');
    const conversation = record.conversation('+55 11 98765-4321', PN);
    expect(conversation).toMatchObject({ phone: '5511987654321', name: 'Maria' });
    expect(conversation.messages.map((m) => [m.wamid, m.status])).toEqual([
      ['wamid.in1', 'read'],
      ['wamid.out', 'accepted'],
      ['wamid.in2', 'read'],
      ['wamid.in3', 'accepted'],
    ]);
  });

  it("keeps a customer's chat with each business number apart, and marks read only that number's messages", () => {
    const record = createSandboxConversations();
    const other = '100000000000002';
    record.add('447700900001', PN, text('wamid.first', 'from_customer'));
    record.add('447700900001', other, text('wamid.second', 'from_customer'));
    record.markReadByBusiness('wamid.second');
    expect(record.conversation('447700900001', PN).messages.map((m) => [m.wamid, m.status])).toEqual([['wamid.first', 'accepted']]);
    expect(record.conversation('447700900001', other).messages.map((m) => [m.wamid, m.status, m.businessNumberId])).toEqual([
      ['wamid.second', 'read', other],
    ]);
  });
});
