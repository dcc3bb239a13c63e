import type { ConversationSummary } from '@wac/contract/chat';
import type { ConversationUpdatedEvent } from '@wac/contract/whatsapp-events';
import { describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { campaignAction, campaignWithContacts, promoTemplate } from '../campaigns/test/campaign-test-kit.ts';
import { keyCall, newKey } from '../public-api/test/public-api-test-kit.ts';
import { approvedTemplate, orderDraft, orderParameters } from '../templates/test/template-test-kit.ts';

let admin: string;
/** `log` is an agent's console, which neither started the campaign nor holds the key. */
const { t, log: agentSocket } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    return (await addUser(app, { username: 'list-agent' })).token;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } },
);

/** The conversation of `phone` as the agent's socket was told of it, once it was; and what came after it. */
const toldOf = (phone: string) =>
  eventually(async () => {
    const index = agentSocket.events.findIndex(
      (e) => e.event === 'conversation_updated' && (e.payload as ConversationUpdatedEvent).conversation.contact.phone === phone,
    );
    const told = agentSocket.events[index];
    if (!told) return null;
    const { conversation } = told.payload as ConversationUpdatedEvent;
    const sent = agentSocket.events
      .slice(index + 1)
      .find((e) => e.event === 'agent_message_sent' && e.payload.conversationId === conversation.id);
    return sent ? { conversation, sent: sent.payload } : null;
  });

const storedConversation = async (phone: string) =>
  (await t.request({ method: 'GET', url: `/api/agent/chat/${phone}`, token: admin })).json().conversation as ConversationSummary;

describe('conversations the business opens appear in every agent’s list', () => {
  it('tells an agent’s console of each conversation a campaign opens, then of its message', async () => {
    const template = await promoTemplate(t, admin, 'live_list_promo');
    const campaign = await campaignWithContacts(t, admin, { name: 'Live lists', templateId: template.id, ratePerSecond: 50 }, [
      { phone: '+447700900701', name: 'Cora', variables: { code: 'A1' } },
      { phone: '+447700900702', name: 'Dev', variables: { code: 'B2' } },
    ]);
    expect((await campaignAction(t, admin, campaign._id, 'start')).statusCode).toBe(200);

    for (const [phone, text] of [
      ['447700900701', 'Hi Cora, your code is A1.'],
      ['447700900702', 'Hi Dev, your code is B2.'],
    ] as const) {
      const { conversation, sent } = await toldOf(phone);
      expect(conversation).toMatchObject({ contact: { phone }, lastMessage: { direction: 'outbound', type: 'template', preview: text } });
      expect(conversation.id).toBe((await storedConversation(phone)).id);
      expect(sent).toMatchObject({ message: { type: 'template', content: { text }, conversationId: conversation.id } });
    }
  });

  it('tells an agent’s console of the conversation an API-key send opens, before the message', async () => {
    const template = await approvedTemplate(t, admin, orderDraft('live_list_order'));
    const key = await newKey(t, 'Shop', ['send:template']);
    const res = await keyCall(t, '/api/send-template', key, {
      phone: '+44 7700 900703',
      template_name: template.name,
      language_code: 'en_US',
      components: orderParameters,
    });
    expect(res.statusCode, res.body).toBe(201);

    const { conversation, sent } = await toldOf('447700900703');
    expect(conversation.id).toBe(res.json().message.conversationId);
    expect(conversation).toMatchObject({ lastMessage: { id: res.json().message.id, direction: 'outbound' }, unreadCount: 0 });
    expect(sent).toMatchObject({ message: { id: res.json().message.id, apiKey: { id: key.id, name: 'Shop' } } });
  });
});
