import type { OptKeywords } from '@wac/contract/app-settings-defaults';
import { parseCustomerAddress } from '@wac/contract/whatsapp-user-id';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { keywordForm, MAX_KEYWORD_MESSAGE_LENGTH, SURROUNDING } from './opt-keywords.ts';

/** The same steps in SQL for a message's text: drop the surrounding characters, one space for each run, upper case. */
const messageWord = sql`upper(regexp_replace(btrim(m.content->>'text', ${SURROUNDING}), '[[:space:]]+', ' ', 'g'))`;

/**
 * Which of these customers (phones in any writing, as campaigns hold them, or BSUIDs) belong to customers whose latest inbound message
 * that is a keyword on its own is an opt-out keyword; answered in the form given. A word in both lists counts as an
 * opt-out, the safe reading. Every business number's conversation counts: opting out is the customer's choice.
 *
 * One statement per batch: contacts by their unique phone or BSUID, their conversations by (contact_id, phone_number_id), and
 * for each conversation a backward scan of messages_conversation_time_idx that stops at its first keyword message.
 * `ignoring` leaves messages out, to know where customers stood before them (the batch the webhook intake answers).
 */
export async function optedOutCustomers(
  db: DbOrTx,
  customers: readonly string[],
  keywords: OptKeywords,
  ignoring: readonly number[] = [],
): Promise<Set<string>> {
  const optOut = [...new Set(keywords.optOut.map(keywordForm).filter(Boolean))];
  const optIn = keywords.optIn.map(keywordForm).filter(Boolean);
  const words = [...new Set([...optOut, ...optIn])];
  const inputsByAddress = new Map<string, string[]>();
  for (const customer of customers) {
    const address = parseCustomerAddress(customer);
    const key = address?.phone ?? address?.bsuid;
    if (key) inputsByAddress.set(key, [...(inputsByAddress.get(key) ?? []), customer]);
  }
  if (optOut.length === 0 || inputsByAddress.size === 0) return new Set();
  const keys = [...inputsByAddress.keys()];

  const { rows } = await db.execute<{ phone: string | null; bsuid: string | null }>(sql`
    SELECT ct.phone, ct.bsuid
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
          ${ignoring.length > 0 ? sql`AND NOT (m.id = ANY(${sql.param([...ignoring])}::int[]))` : sql``}
        ORDER BY m.timestamp DESC, m.id DESC
        LIMIT 1
      ) latest_in_conversation
      WHERE c.contact_id = ct.id
      ORDER BY latest_in_conversation.timestamp DESC, latest_in_conversation.id DESC
      LIMIT 1
    ) latest
    WHERE (ct.phone = ANY(${sql.param(keys)}::text[]) OR ct.bsuid = ANY(${sql.param(keys)}::text[]))
      AND latest.word = ANY(${sql.param(optOut)}::text[])`);
  return new Set(rows.flatMap((row) => [...(inputsByAddress.get(row.phone ?? '') ?? []), ...(inputsByAddress.get(row.bsuid ?? '') ?? [])]));
}
