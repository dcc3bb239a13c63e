import type { Contact } from '@wac/contract/chat';
import { formatE164 } from '@wac/contract/whatsapp-phone';

/** The contact's name, or their number when WhatsApp gave no name. */
export function contactLabel(contact: Pick<Contact, 'name' | 'phone'>): string {
  return contact.name?.trim() || formatE164(contact.phone);
}

/** The chat page with this conversation open; the selection lives in the URL (lib, as other features link there too). */
export { chatPath } from '../../../lib/chat-path';
