import { parseCustomerAddress } from '@wac/contract/whatsapp-user-id';

export interface ParsedRecipients {
  /** Canonical numbers (E.164 digits) or BSUIDs, each once, in the order typed. */
  phones: string[];
  /** What was typed but is neither a phone number nor a BSUID. */
  invalid: string[];
}

/** One phone (or BSUID) per line, or several separated by commas or semicolons; duplicates are sent once. */
export function parseRecipients(text: string): ParsedRecipients {
  const phones: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\n,;]+/)) {
    const typed = entry.trim();
    if (!typed) continue;
    const address = parseCustomerAddress(typed);
    const phone = address?.phone ?? address?.bsuid;
    if (!phone) invalid.push(typed);
    else if (!phones.includes(phone)) phones.push(phone);
  }
  return { phones, invalid };
}
