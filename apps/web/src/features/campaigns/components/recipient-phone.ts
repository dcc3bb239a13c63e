import { formatAddress } from '@wac/contract/whatsapp-user-id';

/** A recipient's number as people read it: the server answers "+447700900123" (or a BSUID); bare digits get their "+". */
export const recipientPhone = (phone: string) => (phone.startsWith('+') ? phone : formatAddress(phone));
