import { z } from 'zod';
import { formatE164, normalizePhone, toE164Digits } from './whatsapp-phone.ts';

/**
 * Since April 2026 Meta names every WhatsApp user to a business by a business-scoped user ID (BSUID): an ISO 3166
 * alpha-2 country code, a period, then letters and digits ("US.13491208655302741918"). A parent BSUID, shared by
 * linked business portfolios, has "ENT." after the country. A customer who adopts a username may reach the business
 * with a BSUID and no phone number at all, so a customer is known by either, or both.
 */
const BSUID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

/** The BSUID as given, surrounding spaces dropped; null when it does not have the shape Meta documents. */
export function normalizeBsuid(input: string): string | null {
  const s = input.trim();
  return BSUID.test(s) ? s : null;
}

export const isBsuid = (input: string): boolean => BSUID.test(input);

/** The country a BSUID was issued in (its prefix), as Meta writes it: "US". */
export const bsuidCountry = (bsuid: string): string => bsuid.slice(0, 2);

/** How a customer is named in a path or a form: a phone number (canonical digits) or a BSUID. */
export type CustomerAddress = { phone: string; bsuid: null } | { phone: null; bsuid: string };

/** A phone number in any usual writing, or a BSUID; null when it is neither. */
export function parseCustomerAddress(input: string): CustomerAddress | null {
  const bsuid = normalizeBsuid(input);
  if (bsuid) return { phone: null, bsuid };
  const phone = normalizePhone(input);
  return phone ? { phone, bsuid: null } : null;
}

/** The refusal of a field that takes a customer. */
export const customerAddressError = (field: string) =>
  `${field} must be a phone number in international format, such as +447700900123, or a WhatsApp user ID, such as US.13491208655302741918`;

/** What a customer is known by, for paths and links: the phone number when known, else the BSUID. */
export const contactAddress = (contact: { phone: string | null; bsuid: string | null }): string => contact.phone ?? contact.bsuid ?? '';

/** How people see who a customer is: "+447700900123", or "@username" when no number is known, else the BSUID. */
export function customerLabel(contact: { phone: string | null; bsuid: string | null; username: string | null }): string {
  if (contact.phone) return formatE164(contact.phone);
  if (contact.username) return `@${contact.username}`;
  return contact.bsuid ?? '';
}

/** A customer's address as people and other systems read it: "+447700900123" for a number, a BSUID as it is. */
export const formatAddress = (address: string): string => (isBsuid(address) ? address : formatE164(address));

/** Whom a send names: the canonical number and the digits as typed (where a new contact is reached), or a BSUID. */
export interface NamedRecipient {
  phone: string | null;
  waId: string | null;
  bsuid: string | null;
}

/** A send's recipient as typed (a number in any usual writing, or a BSUID); null when it is neither. */
export function namedRecipient(input: string): NamedRecipient | null {
  const address = parseCustomerAddress(input);
  if (!address) return null;
  return address.phone === null
    ? { phone: null, waId: null, bsuid: address.bsuid }
    : { phone: address.phone, waId: toE164Digits(input), bsuid: null };
}

/** What the API says of every field and path that names a customer. */
export const customerAddressDescription =
  'The customer: a phone number in international format (+447700900123), or their business-scoped user ID (BSUID, e.g. US.13491208655302741918), the only id Meta gives of a customer who uses a WhatsApp username and does not share their number.';

/** A field naming a customer by number or BSUID, as typed (the server reads it with namedRecipient). */
export const customerAddressField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(140, `${field} must be at most 140 characters`)
    .refine((value) => parseCustomerAddress(value) !== null, customerAddressError(field))
    .meta({ description: customerAddressDescription });
