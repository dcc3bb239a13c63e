import { describe, expect, it } from 'vitest';
import { extractChanges } from './webhook-payload.ts';

const value = (v: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    { id: 'waba', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: 'pn-1' }, ...v } }] },
  ],
});

describe('extractChanges', () => {
  it('pairs each message with its sender profile name and business number', () => {
    const { messages } = extractChanges(
      value({
        contacts: [
          { profile: { name: 'Ana' }, wa_id: '111111111' },
          { profile: { name: 'Bo' }, wa_id: '222222222' },
        ],
        messages: [
          { from: '222222222', id: 'wamid.a', timestamp: '1700000000', type: 'text', text: { body: 'hi' } },
          { from: '111111111', id: 'wamid.b', timestamp: '1700000001', type: 'text', text: { body: 'yo' } },
        ],
      }),
    );
    expect(messages.map((m) => [m.message.id, m.customer.name, m.phoneNumberId])).toEqual([
      ['wamid.a', 'Bo', 'pn-1'],
      ['wamid.b', 'Ana', 'pn-1'],
    ]);
  });

  it('names a customer by BSUID alone, by number and BSUID, and refuses a message naming neither', () => {
    const bsuid = 'GB.13491208655302741918';
    const { messages, refused } = extractChanges(
      value({
        contacts: [
          { profile: { name: 'Ann', username: 'ann.b' }, user_id: bsuid },
          { profile: { name: 'Bo' }, wa_id: '447700900222', user_id: 'GB.222', parent_user_id: 'GB.ENT.999' },
        ],
        messages: [
          { from_user_id: bsuid, id: 'wamid.a', timestamp: '1700000000', type: 'text', text: { body: 'hi' } },
          { from: '447700900222', from_user_id: 'GB.222', id: 'wamid.b', timestamp: '1700000001', type: 'text', text: { body: 'yo' } },
          { id: 'wamid.c', timestamp: '1700000002', type: 'text', text: { body: 'who?' } },
          { from: '447700900333', from_user_id: 'not a bsuid', id: 'wamid.d', timestamp: '1700000003', type: 'text', text: { body: 'x' } },
        ],
      }),
    );
    expect(messages.map((m) => [m.message.id, m.customer])).toEqual([
      ['wamid.a', { phone: null, waId: null, bsuid, parentBsuid: null, username: 'ann.b', name: 'Ann' }],
      ['wamid.b', { phone: '447700900222', waId: '447700900222', bsuid: 'GB.222', parentBsuid: 'GB.ENT.999', username: null, name: 'Bo' }],
      ['wamid.d', { phone: '447700900333', waId: '447700900333', bsuid: null, parentBsuid: null, username: null, name: null }],
    ]);
    expect(refused).toEqual(['no_customer', 'bad_user_id']);
  });

  it("takes the number on a card answering the contact request as the customer's own, and learns numbers from statuses", () => {
    const bsuid = 'US.5550001';
    const card = {
      from_user_id: bsuid,
      id: 'wamid.card',
      timestamp: '1700000000',
      type: 'contacts',
      origin: 'contact_request',
      contacts: [{ name: { formatted_name: 'Cy' }, phones: [{ phone: '+1 555 000 1111', wa_id: '15550001111' }] }],
    };
    const forwarded = { ...card, id: 'wamid.fwd', origin: undefined };
    const { messages } = extractChanges(value({ contacts: [{ user_id: bsuid }], messages: [card, forwarded] }));
    expect(messages.map((m) => [m.message.id, m.customer.phone, m.customer.bsuid])).toEqual([
      ['wamid.card', '15550001111', bsuid],
      ['wamid.fwd', null, bsuid],
    ]);
    const { recipients } = extractChanges(
      value({
        contacts: [{ wa_id: '15550001111', user_id: bsuid, profile: { username: 'cy' } }],
        statuses: [{ id: 'wamid.s', status: 'delivered', timestamp: '1700000000', recipient_user_id: bsuid }],
      }),
    );
    expect(recipients).toEqual([{ phone: '15550001111', waId: '15550001111', bsuid, parentBsuid: null, username: 'cy', name: null }]);
  });

  it('reads statuses with their time and errors, skipping kinds we do not track', () => {
    const { statuses } = extractChanges(
      value({
        statuses: [
          {
            id: 'wamid.x',
            status: 'failed',
            timestamp: '1700000000',
            recipient_id: '1',
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
          { id: 'wamid.y', status: 'deleted', timestamp: '1700000000' },
          { id: 'wamid.z', status: 'read', timestamp: '1700000005' },
        ],
      }),
    );
    expect(statuses).toEqual([
      {
        wamid: 'wamid.x',
        status: 'failed',
        timestamp: new Date(1_700_000_000_000),
        recipientId: '1',
        errors: [{ code: 131026, title: 'Message undeliverable' }],
        callbackData: null,
        pricing: null,
      },
      {
        wamid: 'wamid.z',
        status: 'read',
        timestamp: new Date(1_700_000_005_000),
        recipientId: null,
        errors: [],
        callbackData: null,
        pricing: null,
      },
    ]);
  });

  it("reads Meta's per-message pricing of a status, and a customer's marketing preference", () => {
    const { statuses, preferences } = extractChanges(
      value({
        statuses: [
          {
            id: 'wamid.p',
            status: 'delivered',
            timestamp: '1700000000',
            pricing: { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' },
          },
          {
            id: 'wamid.q',
            status: 'read',
            timestamp: '1700000000',
            pricing: { pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
          },
        ],
      }),
    );
    expect(statuses.map((s) => s.pricing)).toEqual([
      { billable: true, category: 'marketing', type: 'regular', model: 'PMP' },
      { billable: false, category: 'service', type: 'free_customer_service', model: 'PMP' },
    ]);
    expect(preferences).toEqual([]);
    const stop = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'user_preferences',
              value: {
                metadata: { phone_number_id: 'pn-1' },
                user_preferences: [
                  { user_id: 'US.123', category: 'marketing_messages', value: 'stop', timestamp: 1700000000 },
                  { wa_id: '447700900001', category: 'other', value: 'stop' },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(extractChanges(stop).preferences).toEqual([
      {
        customer: { phone: null, waId: null, bsuid: 'US.123', parentBsuid: null, username: null, name: null },
        stop: true,
        at: new Date(1_700_000_000_000),
      },
    ]);
  });

  it('reads the callback data Meta echoes in each status, absent as null', () => {
    const { statuses } = extractChanges(
      value({
        statuses: [
          { id: 'wamid.c', status: 'sent', timestamp: '1700000000', biz_opaque_callback_data: 'campaign:7:recipient:42' },
          { id: 'wamid.c', status: 'failed', timestamp: '1700000001', biz_opaque_callback_data: '', errors: [{ code: 131026 }] },
          { id: 'wamid.d', status: 'delivered', timestamp: '1700000002' },
        ],
      }),
    );
    expect(statuses.map((s) => [s.wamid, s.status, s.callbackData])).toEqual([
      ['wamid.c', 'sent', 'campaign:7:recipient:42'],
      ['wamid.c', 'failed', ''],
      ['wamid.d', 'delivered', null],
    ]);
  });

  it('leaves out malformed items one by one, and anything that is not a WhatsApp messages change', () => {
    const mixed = value({
      messages: [
        { from: '1', type: 'text' },
        { from: '333333333', id: 'wamid.ok', timestamp: '1', type: 'text' },
      ],
      statuses: ['x', null],
    });
    expect(extractChanges(mixed).messages.map((m) => m.message.id)).toEqual(['wamid.ok']);
    expect(extractChanges(mixed).statuses).toEqual([]);
    for (const other of [
      null,
      42,
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account' },
      value({}),
      { ...value({}), entry: [{ changes: [{ field: 'account_update', value: {} }] }] },
    ]) {
      expect(extractChanges(other)).toEqual({ messages: [], statuses: [], templates: [], recipients: [], preferences: [], refused: [] });
    }
  });
});

describe('template updates', () => {
  const delivery = (field: string, value: unknown) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field, value }] }],
  });

  it('reads status and category updates, with the reason Meta gives', () => {
    const rejected = delivery('message_template_status_update', {
      event: 'REJECTED',
      message_template_id: 123,
      message_template_name: 'promo',
      message_template_language: 'en_US',
      reason: 'INVALID_FORMAT',
    });
    expect(extractChanges(rejected).templates).toEqual([
      { metaId: '123', name: 'promo', language: 'en_US', status: 'REJECTED', reason: 'INVALID_FORMAT', category: null, coming: null },
    ]);
    const paused = delivery('message_template_status_update', {
      event: 'PAUSED',
      message_template_id: '124',
      reason: 'NONE',
      other_info: { title: 'FIRST_PAUSE', description: 'Low quality' },
    });
    expect(extractChanges(paused).templates[0]).toMatchObject({ metaId: '124', status: 'PAUSED', reason: 'FIRST_PAUSE: Low quality' });
    const moved = delivery('template_category_update', {
      message_template_id: 125,
      message_template_name: 'receipt',
      message_template_language: 'en',
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    });
    expect(extractChanges(moved).templates).toEqual([
      { metaId: '125', name: 'receipt', language: 'en', status: null, reason: null, category: 'MARKETING', coming: null },
    ]);
    const coming = delivery('template_category_update', {
      message_template_id: 126,
      message_template_name: 'receipt',
      message_template_language: 'en',
      correct_category: 'MARKETING',
      new_category: 'UTILITY',
      category_update_timestamp: 1_760_711_433,
    });
    expect(extractChanges(coming).templates[0]).toMatchObject({
      category: 'UTILITY',
      coming: { category: 'MARKETING', at: new Date(1_760_711_433_000) },
    });
    expect(extractChanges(delivery('message_template_status_update', { event: 'APPROVED' })).templates).toEqual([]);
  });
});
