import { isBsuid } from '@wac/contract/whatsapp-user-id';
import { z } from 'zod';

const required = (name: string, max?: number) => {
  const base = z.string({ error: `The parameter ${name} is required.` }).refine((s) => s.trim().length > 0, {
    error: `The parameter ${name} is required.`,
  });
  return max ? base.refine((s) => s.length <= max, { error: `Param ${name} must be at most ${max} characters long.` }) : base;
};

// Meta takes a file by the id of an upload or by a public link it fetches itself; one of the two is needed.
const media = (kind: string) =>
  z
    .object(
      {
        id: z.string().optional(),
        link: z
          .string()
          .refine((link) => /^https?:\/\/\S+$/i.test(link), { error: `Param ${kind}['link'] must be a valid URL.` })
          .optional(),
        caption: z
          .string()
          .max(1024, { error: `Param ${kind}['caption'] must be at most 1024 characters long.` })
          .optional(),
        filename: z.string().optional(),
      },
      { error: `The parameter ${kind} is required.` },
    )
    .refine((part) => Boolean(part.id?.trim()) !== Boolean(part.link), {
      error: `Param ${kind} must contain either an 'id' or a 'link'.`,
    });

const replyButton = z.object({
  type: z.literal('reply', { error: "Param interactive['action']['buttons'][]['type'] must be 'reply'." }),
  reply: z.object({ id: required('reply id', 256), title: required('reply title', 20) }, { error: 'The parameter reply is required.' }),
});

const buttonAction = z.object(
  {
    buttons: z
      .array(replyButton, { error: "The parameter interactive['action']['buttons'] is required." })
      .min(1, { error: 'At least one button is required.' })
      .max(3, { error: 'Buttons count must be between 1 and 3.' })
      .refine((bs) => new Set(bs.map((b) => b.reply.id)).size === bs.length, { error: 'Button ids must be unique.' }),
  },
  { error: "The parameter interactive['action'] is required." },
);

const listAction = z.object(
  {
    button: required("interactive['action']['button']", 20),
    sections: z
      .array(
        z.object({
          title: z.string().max(24).optional(),
          rows: z
            .array(z.object({ id: required('row id', 200), title: required('row title', 24), description: z.string().max(72).optional() }))
            .min(1),
        }),
        { error: "The parameter interactive['action']['sections'] is required." },
      )
      .min(1, { error: 'At least one section is required.' })
      .max(10, { error: 'Sections count must be between 1 and 10.' })
      .refine((ss) => ss.reduce((n, s) => n + s.rows.length, 0) <= 10, { error: 'Total row count must be at most 10.' }),
  },
  { error: "The parameter interactive['action'] is required." },
);

const interactiveBody = z.object(
  { text: required("interactive['body']['text']", 1024) },
  { error: "The parameter interactive['body'] is required." },
);

const byType = {
  text: z.object({
    text: z.object(
      { body: required("text['body']", 4096), preview_url: z.boolean().optional() },
      { error: 'The parameter text is required.' },
    ),
  }),
  image: z.object({ image: media('image') }),
  video: z.object({ video: media('video') }),
  audio: z.object({ audio: media('audio') }),
  document: z.object({ document: media('document') }),
  interactive: z.object({
    interactive: z.discriminatedUnion(
      'type',
      [
        z.object({ type: z.literal('button'), body: interactiveBody, action: buttonAction }),
        z.object({ type: z.literal('list'), body: interactiveBody, action: listAction }),
      ],
      { error: "Param interactive['type'] must be one of {button, list}." },
    ),
  }),
  template: z.object({
    template: z.object(
      {
        name: required("template['name']", 512),
        language: z.object(
          { code: required("template['language']['code']") },
          { error: "The parameter template['language'] is required." },
        ),
        components: z.array(z.unknown()).optional(),
      },
      { error: 'The parameter template is required.' },
    ),
  }),
  reaction: z.object({
    reaction: z.object({
      message_id: required("reaction['message_id']"),
      emoji: z.string({ error: "The parameter reaction['emoji'] is required." }),
    }),
  }),
} as const;

export type SandboxMessageType = keyof typeof byType;

const envelope = z.object({
  messaging_product: z.literal('whatsapp', { error: 'The parameter messaging_product is required.' }),
  // A number in `to`, or a BSUID in `recipient` (since 2026); `to` wins when both are given.
  to: required('to')
    .refine((to) => /^\+?\d{6,15}$/.test(to), { error: 'Param to must be a phone number.' })
    .optional(),
  recipient: required('recipient')
    .refine((recipient) => isBsuid(recipient), { error: 'Param recipient must be a valid business-scoped user ID.' })
    .optional(),
  recipient_type: z.literal('individual').optional(),
  biz_opaque_callback_data: z
    .string({ error: 'Param biz_opaque_callback_data must be a string.' })
    .max(512, { error: 'Param biz_opaque_callback_data must be at most 512 characters long.' })
    .optional(),
});

const markRead = z.object({
  messaging_product: z.literal('whatsapp', { error: 'The parameter messaging_product is required.' }),
  status: z.literal('read'),
  message_id: required('message_id'),
  typing_indicator: z.object({ type: z.literal('text', { error: "Param typing_indicator['type'] must be 'text'." }) }).optional(),
});

export type ValidatedMessage =
  | { ok: true; kind: 'read'; messageId: string; typing: boolean }
  | {
      ok: true;
      kind: 'send';
      /** The number written to, as written, or null when the send named only a BSUID. */
      to: string | null;
      recipient: string | null;
      type: SandboxMessageType;
      payload: Record<string, unknown>;
      callbackData?: string;
    }
  | { ok: false; message: string; details: string };

function failure(error: z.ZodError): ValidatedMessage {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
  return {
    ok: false,
    message: `(#100) ${issue?.message ?? 'Invalid parameter'}`,
    details: `${issue?.message ?? 'Invalid parameter'}${where}`,
  };
}

/** Checks a POST /messages body the way Meta does, answering with Meta's wording where we know it. */
export function validateMessage(body: unknown): ValidatedMessage {
  if (typeof body !== 'object' || body === null)
    return { ok: false, message: '(#100) Invalid parameter', details: 'The body must be a JSON object.' };
  const record = body as Record<string, unknown>;
  if (record.status === 'read') {
    const parsed = markRead.safeParse(body);
    return parsed.success
      ? { ok: true, kind: 'read', messageId: parsed.data.message_id, typing: parsed.data.typing_indicator !== undefined }
      : failure(parsed.error);
  }
  const head = envelope.safeParse(body);
  if (!head.success) return failure(head.error);
  if (head.data.to === undefined && head.data.recipient === undefined) {
    return {
      ok: false,
      message: '(#100) The parameter to is required.',
      details: 'Name the customer in to (a number) or recipient (a BSUID).',
    };
  }
  const type = (record.type ?? 'text') as string;
  if (!Object.hasOwn(byType, type)) {
    return { ok: false, message: '(#100) Invalid parameter', details: `Message type ${type} is not supported.` };
  }
  const parsed = byType[type as SandboxMessageType].safeParse(body);
  if (!parsed.success) return failure(parsed.error);
  const { to, recipient, biz_opaque_callback_data: callbackData } = head.data;
  return {
    ok: true,
    kind: 'send',
    to: to ?? null,
    recipient: to === undefined ? (recipient ?? null) : null,
    type: type as SandboxMessageType,
    payload: parsed.data,
    callbackData,
  };
}
