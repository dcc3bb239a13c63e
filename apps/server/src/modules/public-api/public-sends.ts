import type { ChatMessage } from '@wac/contract/chat';
import type { publicSendButtonsSchema, publicSendMediaFieldsSchema, publicSendTextSchema } from '@wac/contract/public-api';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { currentUser } from '../../http/auth-guard.ts';
import type { InteractiveReply, MediaUpload, MessagingService, Sender } from '../messaging/index.ts';

export type PublicMediaFields = z.output<typeof publicSendMediaFieldsSchema>;

/**
 * Who a send is made as: the API key that called (the message is stored as sent through it, and takes no
 * conversation over), else the signed-in agent (POST /api/send-template takes either).
 */
export function senderOf(request: FastifyRequest): Sender {
  const key = request.apiKey;
  return key ? { apiKey: { id: key.id, name: key.name } } : currentUser(request);
}

type PublicButtons = z.output<typeof publicSendButtonsSchema>;

/** Reply buttons, or a list in one section; the schema lets exactly one of them through. */
function replyOf(body: PublicButtons): InteractiveReply {
  if (body.buttons) return { type: 'buttons', body: body.body, buttons: body.buttons };
  if (body.list) return { type: 'list', body: body.body, button: body.list.button, rows: body.list.rows };
  throw badRequest('Give either buttons or list', [{ field: 'buttons', message: 'Give either buttons or list' }]);
}

/** The key-authenticated sends (spec 7 "API keys"): the public payloads, through the console's own use cases. */
export function createPublicSends(messaging: MessagingService) {
  const to = (input: { phone: string; recipientName?: string; from?: string }) => ({
    recipientPhone: input.phone,
    recipientName: input.recipientName,
    from: input.from,
  });

  return {
    text: (sender: Sender, body: z.output<typeof publicSendTextSchema>): Promise<ChatMessage> =>
      messaging.sendText(sender, { ...to(body), message: body.message }),

    media: (sender: Sender, upload: MediaUpload<PublicMediaFields>): Promise<ChatMessage> => {
      const { caption, type } = upload.fields;
      return messaging.sendMedia(sender, { ...upload, fields: { ...to(upload.fields), caption, type } });
    },

    buttons: (sender: Sender, body: PublicButtons): Promise<ChatMessage> =>
      messaging.sendInteractive(sender, { ...to(body), reply: replyOf(body), frame: { header: body.header, footer: body.footer } }),
  };
}

export type PublicSends = ReturnType<typeof createPublicSends>;
