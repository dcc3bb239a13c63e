import { normalizeKeyword, type OptKeywords } from '@wac/contract/app-settings-defaults';
import { normalizePhone } from '@wac/contract/whatsapp-phone';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/**
 * What may surround a keyword and still count as the keyword on its own ("Stop!", "  stop.", "¡STOP!"). An explicit
 * list rather than a regex class, so PostgreSQL and this file strip exactly the same characters whatever the locale.
 */
const SURROUNDING = ' \t\n\r\u00a0.,;:!?¡¿…\'"`´‘’“”()[]{}*_~-–—。！？、';

/**
 * Longer messages are never a keyword on its own (keywords are at most 30 characters): a cheap test that skips the
 * regex for ordinary chat, and the predicate a partial index on short inbound messages would need.
 */
const MAX_KEYWORD_MESSAGE_LENGTH = 64;

const surroundingClass = `[${SURROUNDING.replace(/[\\\]^-]/g, '\\$&')}]+`;
const surroundingPattern = new RegExp(`^${surroundingClass}|${surroundingClass}$`, 'g');

/** A keyword as the messages are compared: normalized as the settings store it, surrounding punctuation dropped. */
function messageForm(keyword: string): string {
  return normalizeKeyword(keyword).replace(surroundingPattern, '');
}

/** The same steps in SQL for a message's text: drop the surrounding characters, one space for each run, upper case. */
const messageWord = sql`upper(regexp_replace(btrim(m.content->>'text', ${SURROUNDING}), '[[:space:]]+', ' ', 'g'))`;

/**
 * Which of these phones ('+' and E.164 digits, as campaigns hold them) belong to customers whose latest inbound message
 * that is a keyword on its own is an opt-out keyword; answered in the form given. A word in both lists counts as an
 * opt-out, the safe reading. Every business number's conversation counts: opting out is the customer's choice.
 *
 * One statement per batch: contacts by their unique phone, their conversations by (contact_id, phone_number_id), and
 * for each conversation a backward scan of messages_conversation_time_idx that stops at its first keyword message.
 */
export async function optedOutPhones(db: DbOrTx, phones: readonly string[], keywords: OptKeywords): Promise<Set<string>> {
  const optOut = [...new Set(keywords.optOut.map(messageForm).filter(Boolean))];
  const optIn = keywords.optIn.map(messageForm).filter(Boolean);
  const words = [...new Set([...optOut, ...optIn])];
  const inputsByContactPhone = new Map<string, string[]>();
  for (const phone of phones) {
    const digits = normalizePhone(phone);
    if (digits) inputsByContactPhone.set(digits, [...(inputsByContactPhone.get(digits) ?? []), phone]);
  }
  if (optOut.length === 0 || inputsByContactPhone.size === 0) return new Set();

  const { rows } = await db.execute<{ phone: string }>(sql`
    SELECT ct.phone
    FROM contacts ct
    CROSS JOIN LATERAL (
      SELECT latest_in_conversation.word
      FROM conversations c
      CROSS JOIN LATERAL (
        SELECT ${messageWord} AS word, m.timestamp, m.id
        FROM messages m
        WHERE m.conversation_id = c.id
          AND m.direction = 'inbound'
          AND char_length(m.content->>'text') <= ${sql.raw(String(MAX_KEYWORD_MESSAGE_LENGTH))}
          AND ${messageWord} = ANY(${sql.param(words)}::text[])
        ORDER BY m.timestamp DESC, m.id DESC
        LIMIT 1
      ) latest_in_conversation
      WHERE c.contact_id = ct.id
      ORDER BY latest_in_conversation.timestamp DESC, latest_in_conversation.id DESC
      LIMIT 1
    ) latest
    WHERE ct.phone = ANY(${sql.param([...inputsByContactPhone.keys()])}::text[])
      AND latest.word = ANY(${sql.param(optOut)}::text[])`);
  return new Set(rows.flatMap((row) => inputsByContactPhone.get(row.phone) ?? []));
}
