import { z } from 'zod';
import { whatsappInteractiveLimits as limits } from './flows.ts';
import { toE164Digits } from './whatsapp-phone.ts';

/**
 * The key-authenticated sends (X-API-Key), spec 7 "API keys". Each answers 201 `{ message }` as the console's sends
 * do (sentMessageResponseSchema in chat.ts), the message stored in the customer's conversation as sent by the key.
 */

const phone = z
  .string({ error: 'phone is required' })
  .trim()
  .min(1, 'phone is required')
  .max(32, 'phone must be at most 32 characters')
  .refine((value) => toE164Digits(value) !== null, 'phone must be a phone number in international format, such as +447700900123');
const recipientName = z.string().trim().max(100, 'recipientName must be at most 100 characters').optional();

/** POST /api/send-text */
export const publicSendTextSchema = z.object({
  phone,
  recipientName,
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(limits.text, `message must be at most ${limits.text} characters`),
});
export type PublicSendText = z.input<typeof publicSendTextSchema>;

/** POST /api/send-media: the multipart fields beside `file`. */
export const publicSendMediaFieldsSchema = z.object({
  phone,
  recipientName,
  caption: z.string().trim().max(1024, 'caption must be at most 1024 characters').optional(),
  type: z.enum(['image', 'video', 'audio', 'document'], { error: 'type must be one of image, video, audio, document' }).optional(),
});

// Meta takes button ids of up to 256 characters, list row ids of up to 200.
const replyId = (field: string, max: number) =>
  z
    .string({ error: `${field} id is required` })
    .trim()
    .min(1, `${field} id is required`)
    .max(max, `${field} id must be at most ${max} characters`);

const button = z.object({
  id: replyId('button', 256),
  title: z
    .string({ error: 'button title is required' })
    .trim()
    .min(1, 'button title is required')
    .max(limits.buttonTitle, `button title must be at most ${limits.buttonTitle} characters`),
});

const listRow = z.object({
  id: replyId('row', 200),
  title: z
    .string({ error: 'row title is required' })
    .trim()
    .min(1, 'row title is required')
    .max(limits.listRowTitle, `row title must be at most ${limits.listRowTitle} characters`),
  description: z
    .string()
    .trim()
    .max(limits.listRowDescription, `row description must be at most ${limits.listRowDescription} characters`)
    .optional(),
});

/**
 * POST /api/send-buttons: a message with up to 3 reply buttons, or (with `list` instead of `buttons`) a list of up to
 * 10 rows behind one button. The customer's choice comes back as an inbound message carrying the button's or row's id.
 */
export const publicSendButtonsSchema = z
  .object({
    phone,
    recipientName,
    body: z
      .string({ error: 'body is required' })
      .trim()
      .min(1, 'body is required')
      .max(limits.body, `body must be at most ${limits.body} characters`),
    header: z.string().trim().max(60, 'header must be at most 60 characters').optional(),
    footer: z.string().trim().max(60, 'footer must be at most 60 characters').optional(),
    buttons: z
      .array(button, { error: 'buttons must be a list' })
      .min(1, 'buttons must have at least one button')
      .max(limits.buttons, `buttons may have at most ${limits.buttons} buttons`)
      .optional(),
    list: z
      .object({
        button: z
          .string({ error: 'list button is required' })
          .trim()
          .min(1, 'list button is required')
          .max(limits.listButton, `list button must be at most ${limits.listButton} characters`),
        rows: z
          .array(listRow, { error: 'list rows must be a list' })
          .min(1, 'list rows must have at least one row')
          .max(limits.listRows, `list rows may have at most ${limits.listRows} rows`),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.buttons) === Boolean(value.list)) {
      ctx.addIssue({ code: 'custom', path: ['buttons'], message: 'Give either buttons or list, not both and not neither' });
    }
    const ids = [...(value.buttons ?? []), ...(value.list?.rows ?? [])].map((choice) => choice.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: [value.buttons ? 'buttons' : 'list'], message: 'button and row ids must be different' });
    }
  });
export type PublicSendButtons = z.input<typeof publicSendButtonsSchema>;
