import { describe, expect, expectTypeOf, it } from 'vitest';
import { realtimeEvents } from './activities.ts';
import { campaignEventNames } from './campaigns.ts';
import { maintenanceEventNames } from './cleanup.ts';
import { outboundWebhookEventNames } from './outbound-webhooks.ts';
import { type ServerEvent, type ServerEventPayload, serverToClientEventSchemas } from './realtime-events.ts';
import { sentimentEventNames } from './sentiment.ts';
import { templateEventNames } from './templates.ts';
import { whatsappEventNames } from './whatsapp-events.ts';

describe('the server-to-client event map', () => {
  it('binds every event the server names to a schema', () => {
    const named = [
      ...Object.values(whatsappEventNames),
      ...Object.values(realtimeEvents),
      ...Object.values(templateEventNames),
      ...Object.values(campaignEventNames),
      ...Object.values(outboundWebhookEventNames),
      ...Object.values(sentimentEventNames),
      ...Object.values(maintenanceEventNames),
    ];
    expect(Object.keys(serverToClientEventSchemas).sort()).toEqual([...new Set(named)].sort());
  });

  it('names every event in the spec’s one style: lower-case words joined by underscores', () => {
    for (const name of Object.keys(serverToClientEventSchemas)) expect(name).toMatch(/^[a-z]+(_[a-z]+)+$/);
  });

  it('types each payload by its event, so a wrong payload does not compile', () => {
    expectTypeOf<ServerEventPayload<'conversation_read'>>().toEqualTypeOf<{ conversationId: number; unreadCount: number }>();
    const right: ServerEvent = { event: 'conversation_read', payload: { conversationId: 1, unreadCount: 0 } };
    // @ts-expect-error conversation_read carries counts, not a message
    const wrong: ServerEvent = { event: 'conversation_read', payload: { message: 'hi' } };
    expect([right, wrong]).toHaveLength(2);
  });
});
