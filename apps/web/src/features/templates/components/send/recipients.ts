import { normalizePhone } from '@wac/contract/whatsapp-phone';

export interface ParsedRecipients {
  /** Canonical numbers (E.164 digits), each once, in the order typed. */
  phones: string[];
  /** What was typed but is not a phone number. */
  invalid: string[];
}

/** One phone per line, or several separated by commas or semicolons; duplicates are sent once. */
export function parseRecipients(text: string): ParsedRecipients {
  const phones: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\n,;]+/)) {
    const typed = entry.trim();
    if (!typed) continue;
    const phone = normalizePhone(typed);
    if (!phone) invalid.push(typed);
    else if (!phones.includes(phone)) phones.push(phone);
  }
  return { phones, invalid };
}
