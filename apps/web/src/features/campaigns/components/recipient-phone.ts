import { formatE164 } from '@wac/contract/whatsapp-phone';

/** A recipient's number as people read it: the server answers "+447700900123"; bare digits get their "+". */
export const recipientPhone = (phone: string) => (phone.startsWith('+') ? phone : formatE164(phone));
