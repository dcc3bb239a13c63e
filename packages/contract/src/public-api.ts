import { z } from 'zod';
import { whatsappInteractiveLimits as limits } from './flows.ts';
import { sendFromField } from './whatsapp-numbers.ts';
import { customerAddressField } from './whatsapp-user-id.ts';

/**
 * The key-authenticated sends (X-API-Key), spec 7 "API keys". Each answers 201 `{ message }` as the console's sends
 * do (sentMessageResponseSchema in chat.ts), the message stored in the customer's conversation as sent by the key.
 */

/** A text that must be given (not only spaces), trimmed, of at most `max` characters; the refusals name it `what`. */
const requiredText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

const phone = customerAddressField('phone');
const recipientName = z.string().trim().max(100, 'recipientName must be at most 100 characters').optional();
const from = sendFromField;

/** POST /api/send-text */
export const publicSendTextSchema = z.object({
  phone,
  recipientName,
  from,
  message: requiredText('message', limits.text),
});
export type PublicSendText = z.input<typeof publicSendTextSchema>;

/** POST /api/send-media: the multipart fields beside `file`. */
export const publicSendMediaFieldsSchema = z.object({
  phone,
  recipientName,
  from,
  caption: z.string().trim().max(1024, 'caption must be at most 1024 characters').optional(),
  type: z.enum(['image', 'video', 'audio', 'document'], { error: 'type must be one of image, video, audio, document' }).optional(),
});

// Meta takes button ids of up to 256 characters, list row ids of up to 200.
const button = z.object({
  id: requiredText('button id', 256),
  title: requiredText('button title', limits.buttonTitle),
});

const listRow = z.object({
  id: requiredText('row id', 200),
  title: requiredText('row title', limits.listRowTitle),
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
    from,
    body: requiredText('body', limits.body),
    header: z.string().trim().max(60, 'header must be at most 60 characters').optional(),
    footer: z.string().trim().max(60, 'footer must be at most 60 characters').optional(),
    buttons: z
      .array(button, { error: 'buttons must be a list' })
      .min(1, 'buttons must have at least one button')
      .max(limits.buttons, `buttons may have at most ${limits.buttons} buttons`)
      .optional(),
    list: z
      .object({
        button: requiredText('list button', limits.listButton),
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
