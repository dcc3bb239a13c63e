import type { ContactInput } from '../../api/campaign-contacts';

export interface PastedContacts {
  contacts: ContactInput[];
  /** The pasted line each contact came from, from 1: the server numbers the contacts it refuses by their position. */
  lines: number[];
}

/** "phone,name" per line (a tab or a semicolon also separates them); blank lines are skipped. */
export function parsePastedContacts(text: string): PastedContacts {
  const contacts: ContactInput[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    // The first separator ends the phone; the name is the rest, commas and all.
    const at = line.search(/[,;\t]/);
    const phone = at === -1 ? line : line.slice(0, at);
    const name = at === -1 ? '' : line.slice(at + 1).trim();
    contacts.push({ phone: phone.trim(), ...(name ? { name } : {}) });
    lines.push(i + 1);
  });
  return { contacts, lines };
}

/** The pasted line of the contact the server refused at `position` (1-based). */
export const pastedLine = (pasted: PastedContacts, position: number) => pasted.lines[position - 1] ?? position;
