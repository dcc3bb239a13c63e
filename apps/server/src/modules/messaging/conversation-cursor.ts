import { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import type { ListPosition } from './conversations.repository.ts';

/** Where a walk of the conversation list stands: after this row, with `offset` rows before the next page. */
export interface ConversationCursor extends ListPosition {
  offset: number;
}

const MAX_INT = 2_147_483_647;

const cursorSchema = z.object({
  // PostgreSQL has no year 0; every other date the format allows, it reads.
  at: z.iso
    .datetime({ precision: 6 })
    .refine((at) => !at.startsWith('0000'))
    .nullable(),
  id: z.number().int().min(1).max(MAX_INT),
  offset: z.number().int().min(1).max(MAX_INT),
});

/** Opaque to clients: base64url of JSON, so its shape can change without a new parameter. */
export function encodeCursor({ at, id, offset }: ConversationCursor): string {
  return Buffer.from(JSON.stringify({ at, id, offset })).toString('base64url');
}

export function decodeCursor(text: string): ConversationCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw badRequest('cursor must be the nextCursor of an earlier answer (query cursor)');
  return parsed.data;
}
