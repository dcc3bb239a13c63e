import { countryOfPhone } from '@wac/contract/phone-country';

/*
 * The sandbox plays Meta's business-scoped user IDs (BSUIDs): every simulated customer has one, made from their number
 * so the sandbox can answer a send to it after a restart (Meta's do not reveal the number; the console never reads it
 * from one). Each digit is shifted by its place and the whole reversed: "GB.", then 20 digits or so.
 */

const shift = (digits: string, sign: 1 | -1) =>
  [...digits].map((d, k) => String((Number(d) + sign * ((k * 7 + 3) % 10) + 10) % 10)).join('');

/** The BSUID of a simulated customer's number (E.164 digits). */
export function sandboxBsuid(phone: string): string {
  return `${countryOfPhone(phone) ?? 'US'}.${[...shift(phone, 1)].reverse().join('')}`;
}

/** The number a sandbox BSUID was made from; null for one the sandbox did not make. */
export function phoneOfSandboxBsuid(bsuid: string): string | null {
  const match = /^[A-Z]{2}\.(\d{7,15})$/.exec(bsuid);
  if (!match) return null;
  const phone = shift([...(match[1] as string)].reverse().join(''), -1);
  return sandboxBsuid(phone) === bsuid ? phone : null;
}
