import metadata from 'libphonenumber-js/metadata.min.json';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The country (ISO 3166 alpha-2) of a phone number in E.164 digits: the one its number plan names, else the main
 * country of its calling code (a number Ofcom keeps for fiction is still British); null when the code is unknown.
 * Server side only: the metadata is 80 KB.
 */
export function countryOfPhone(digits: string): string | null {
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (parsed?.country) return parsed.country;
  const code = parsed?.countryCallingCode;
  const countries = code ? (metadata.country_calling_codes as Record<string, string[]>)[code] : undefined;
  return countries?.[0] ?? null;
}

/** The market of a customer for prices: their number's country, else their BSUID's country prefix; null when unknown. */
export function marketOf(customer: { phone: string | null; bsuid: string | null }): string | null {
  if (customer.phone) return countryOfPhone(customer.phone);
  return customer.bsuid ? customer.bsuid.slice(0, 2) : null;
}
