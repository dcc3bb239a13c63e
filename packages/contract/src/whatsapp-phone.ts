/**
 * Phone numbers are kept as E.164 digits without the '+' (what WhatsApp calls a wa_id), so the
 * same person typed as "+55 (11) 98765-4321" or reported by Meta as "551198765432" is one contact.
 */

/** E.164 digits ('+' and international '00' prefix dropped, formatting removed); null when it cannot be one. */
export function toE164Digits(input: string): string | null {
  let s = input.trim().replace(/[\s\-().]/g, '');
  if (s.startsWith('+')) s = s.slice(1);
  else if (s.startsWith('00')) s = s.slice(2);
  // E.164 allows at most 15 digits; the shortest numbers in use (e.g. Saint Helena) have 7.
  if (!/^[1-9]\d{6,14}$/.test(s)) return null;
  return s;
}

/**
 * Brazil moved mobile numbers to nine digits by prefixing a '9', but WhatsApp still reports many
 * accounts without it, so both forms map to the one WITH the ninth digit (the form people type).
 */
export function withBrazilNinthDigit(digits: string): string {
  // 55, a two-digit area code (digits 1-9), then an eight-digit mobile number starting 6-9.
  if (/^55[1-9]{2}[6-9]\d{7}$/.test(digits)) return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  return digits;
}

/** The one canonical form of a phone number: E.164 digits, Brazil's ninth digit included; null when invalid. */
export function normalizePhone(input: string): string | null {
  const digits = toE164Digits(input);
  return digits === null ? null : withBrazilNinthDigit(digits);
}

/** "+5511987654321" for display and for people; the stored form has no '+'. */
export function formatE164(digits: string): string {
  return `+${digits}`;
}
