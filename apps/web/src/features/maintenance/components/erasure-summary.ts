import type { Erasure, ErasureItem } from '@wac/contract/erasure';
import { formatBytes } from '@wac/contract/format';
import { erasureItemLabels, listOf } from './maintenance-labels';

/** "Ada Lovelace (+447700900123)", or the phone alone for a contact with no name. */
export function customerName(contact: Erasure['contact']): string {
  return contact.name ? `${contact.name} (${contact.phone})` : contact.phone;
}

/** "12 messages, 3 media files (1.2 MB) and 1 conversation": what goes, the kinds with nothing left out. */
export function erasedItems(items: readonly ErasureItem[]): string {
  const parts = items
    .filter((item) => item.count > 0)
    .map((item) => {
      const label = (erasureItemLabels[item.name] ?? item.name).toLowerCase();
      const noun = item.count === 1 ? label.replace(/ies$/, 'y').replace(/s$/, '') : label;
      return `${item.count.toLocaleString('en')} ${noun}${item.bytes > 0 ? ` (${formatBytes(item.bytes)})` : ''}`;
    });
  return parts.length > 0 ? listOf(parts) : 'nothing but the contact';
}

/** The confirmation's question, naming the customer and what goes. */
export function erasureQuestion(erasure: Erasure): string {
  return `Erase ${customerName(erasure.contact)} for good? ${capitalize(erasedItems(erasure.items))} will be deleted.`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
