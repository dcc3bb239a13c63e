import type { SandboxInteractive } from '@wac/contract/whatsapp-sandbox';
import type { StoredMedia } from './media-store.ts';
import type { ValidatedMessage } from './message-validation.ts';
import { blankSandboxContent, type NewSandboxMessage } from './sandbox-conversations.ts';

export type ValidatedSend = Extract<ValidatedMessage, { kind: 'send' }>;

type Payload = Record<string, Record<string, unknown>>;
interface Row {
  id: string;
  title: string;
  description?: string;
}

function interactiveOf(interactive: Record<string, unknown>): SandboxInteractive {
  const action = interactive.action as Record<string, unknown>;
  if (interactive.type === 'button') {
    const buttons = action.buttons as { reply: { id: string; title: string } }[];
    return { kind: 'buttons', buttons: buttons.map((b) => ({ id: b.reply.id, title: b.reply.title })) };
  }
  const sections = action.sections as { title?: string; rows: Row[] }[];
  return {
    kind: 'list',
    button: action.button as string,
    sections: sections.map((s) => ({
      title: s.title ?? null,
      rows: s.rows.map((r) => ({ id: r.id, title: r.title, description: r.description ?? null })),
    })),
  };
}

/** A send the Graph endpoint accepted, as the customer's phone shows it; `media` is the stored file it names. */
export function businessMessage(send: ValidatedSend, wamid: string, media: StoredMedia | undefined): NewSandboxMessage {
  const payload = send.payload as Payload;
  const part = payload[send.type] ?? {};
  const base = { ...blankSandboxContent, wamid, direction: 'to_customer' as const };
  switch (send.type) {
    case 'text':
      return { ...base, type: 'text', text: part.body as string };
    case 'interactive':
      return {
        ...base,
        type: 'interactive',
        text: (part.body as { text: string }).text,
        interactive: interactiveOf(part),
      };
    case 'reaction':
      return { ...base, type: 'reaction', reaction: { messageId: part.message_id as string, emoji: part.emoji as string } };
    case 'template': {
      const language = (part.language as { code: string }).code;
      return { ...base, type: 'template', template: { name: part.name as string, language } };
    }
    default:
      return {
        ...base,
        type: send.type,
        text: (part.caption as string | undefined) ?? null,
        media: {
          id: (part.id ?? part.link) as string,
          mimeType: media?.mimeType ?? 'application/octet-stream',
          filename: (part.filename as string | undefined) ?? media?.filename ?? null,
        },
      };
  }
}
