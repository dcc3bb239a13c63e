import type { Contact } from '@wac/contract/chat';
import { customerLabel } from '@wac/contract/whatsapp-user-id';

/** The contact's name, or when WhatsApp gave none their number, else their @username, else their BSUID. */
export function contactLabel(contact: Pick<Contact, 'name' | 'phone' | 'bsuid' | 'username'>): string {
  return contact.name?.trim() || customerLabel(contact);
}

/** The chat page with this conversation open; the selection lives in the URL (lib, as other features link there too). */
export { chatPath } from '../../../lib/chat-path';
