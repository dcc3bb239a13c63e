import type { ChatMessage } from '@wac/contract/chat';
import type { TemplateCategory } from '@wac/contract/templates';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import { type AcceptedTemplateSend, storeAcceptedTemplates } from './accepted-template-sends.ts';
import { assertMaySendTemplate, deliverAgentMessage, openConversation } from './agent-sends.ts';
import { lockWamids } from './message-statuses.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { type Outbox, outboxOf } from './outbox.ts';
import { queueOutsideWindow, type Recipient, type Sender } from './queue-outbound.ts';

/**
 * A template as it goes to Meta. Its parameters are resolved as the Graph takes them only when it goes: templates'
 * uploads become Meta media ids then (Meta keeps media about 30 days, so a retry renews an expired one).
 */
export interface TemplateToSend {
  name: string;
  language: string;
  /** MARKETING templates may go through Meta's Marketing Messages API (Settings). */
  category: TemplateCategory;
  graphComponents: () => Promise<unknown[]>;
}

/** An agent's or an API key's template message (POST /api/send-template), checked against its template by templates. */
export interface TemplateMessage extends TemplateToSend {
  recipient: Recipient;
  /** The business number to send from (phone-number id or display number); the customer's conversation's, else the first. */
  from?: string;
  /** What the chat stores: the text the customer reads, and the parameters to send it again. */
  content: MessageContent;
}

/** Whether a template of this category goes through Meta's Marketing Messages API (Settings: app.marketing_messages_api). */
export const viaMarketingApi = async (deps: Pick<MessagingDeps, 'marketingMessagesApi'>, category: TemplateCategory) =>
  category === 'MARKETING' && (await deps.marketingMessagesApi());

export const sendTemplateTo = async (deps: Pick<MessagingDeps, 'marketingMessagesApi'>, out: Outbox, template: TemplateToSend) =>
  out.client.sendTemplate(out.to, template.name, template.language, await template.graphComponents(), {
    marketing: await viaMarketingApi(deps, template.category),
  });

/**
 * Stored pending (counted against the daily messages quota) in the recipient's conversation, opened for a new contact,
 * at any time of the 24-hour window, then sent. Whoever holds the conversation keeps it.
 */
export async function sendTemplateMessage(deps: MessagingDeps, sender: Sender, template: TemplateMessage): Promise<ChatMessage> {
  const { message, out } = await inTransaction(deps.db, async (tx) => {
    const conversation = await openConversation(tx, deps, template.recipient, template.from);
    assertMaySendTemplate(conversation, sender);
    const message = await queueOutsideWindow(tx, deps, conversation, sender, {
      type: 'template',
      content: template.content,
      templateName: template.name,
    });
    return { message, out: outboxOf(deps.client, conversation) };
  });
  return deliverAgentMessage(deps, message, sender, () => sendTemplateTo(deps, out, template));
}

/** One message of a batch (a campaign's slice): Meta echoes `callbackData` in every status of it. */
export interface BatchTemplateSend {
  waId: string;
  /** The business number it leaves from. */
  phoneNumberId: string;
  /** Through Meta's Marketing Messages API (viaMarketingApi). */
  marketing: boolean;
  name: string;
  language: string;
  components: unknown[];
  callbackData: string;
}

/** Meta's id of a send it accepted, or why the send failed (the caller tells a refusal from a lost answer). */
export type BatchSendAnswer = { wamid: string } | { error: unknown };

/**
 * Sends a batch at once, each message once: no retry, as Meta has no idempotency key, so a send whose answer was lost
 * is settled from its status webhook rather than sent again. Answers each send's outcome, in the batch's order.
 */
export function sendTemplateBatch(deps: Pick<MessagingDeps, 'client'>, sends: readonly BatchTemplateSend[]): Promise<BatchSendAnswer[]> {
  return Promise.all(
    sends.map((send) =>
      deps.client
        .forNumber(send.phoneNumberId)
        .sendTemplate(send.waId, send.name, send.language, send.components, {
          callbackData: send.callbackData,
          once: true,
          marketing: send.marketing,
        })
        .then(
          (sent): BatchSendAnswer => ({ wamid: sent.wamid }),
          (error): BatchSendAnswer => ({ error }),
        ),
    ),
  );
}

/**
 * The caller's part of a settlement, run once the sends' messages are locked: it locks and changes its own rows (a
 * campaign's recipients), answers the accepted sends to store in their conversations, and then records the ids
 * of their stored messages.
 */
export type SendSettlement<T> = (tx: Tx) => Promise<{
  accepted: AcceptedTemplateSend[];
  record: (messageIds: Map<string, number>) => Promise<T>;
}>;

/**
 * Settles a batch's answers in one transaction. The lock order, which every transaction touching a sent template's
 * message and its campaign recipient keeps, so that none waits on another in a circle:
 *
 * 1. the messages' wamids (advisory locks, lockWamids, in key order);
 * 2. the caller's rows: campaign recipients (lockRecipients, in id order);
 * 3. the accepted sends' contacts and conversations, as their messages are stored.
 *
 * A webhook batch (handle-webhook-events.ts) takes the same order: it locks its statuses' wamids as it stores them,
 * and only then publishes `webhook.received`, whose campaigns subscriber locks the recipients those statuses name and
 * stores the sends they settle (storeAcceptedTemplates, under the wamids the batch already holds).
 */
export function settleTemplateSends<T>(deps: MessagingDeps, wamids: string[], settle: SendSettlement<T>): Promise<T> {
  return inTransaction(deps.db, async (tx) => {
    await lockWamids(tx, wamids);
    const { accepted, record } = await settle(tx);
    return record(await storeAcceptedTemplates(tx, deps, accepted));
  });
}
