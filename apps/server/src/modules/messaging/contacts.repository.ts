import { sql } from 'drizzle-orm';
import { contacts } from '../../db/schema.ts';

/** What a customer is known by in paths and events: the number when known, else the BSUID (contactAddress). */
export const contactAddressColumn = sql<string>`coalesce(${contacts.phone}, ${contacts.bsuid})`;

/** A contact as the API shows it (contactSchema). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  phone: contacts.phone,
  waId: contacts.waId,
  bsuid: contacts.bsuid,
  username: contacts.username,
};
