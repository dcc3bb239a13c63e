import { formatE164 } from '@wac/contract/whatsapp-phone';
import type { SandboxCustomer } from '@wac/contract/whatsapp-sandbox';
import { usernameSchema } from '@wac/contract/whatsapp-sandbox';
import { hidesNumber, type SimulatedCustomer, typedUsername } from '../api/send-as-customer';

/** Why the typed username would be refused, in the sandbox's own words; undefined when it is fine or left blank. */
export function usernameError(customer: Pick<SimulatedCustomer, 'username'>): string | undefined {
  const username = typedUsername(customer);
  if (!username) return undefined;
  const checked = usernameSchema.safeParse(username);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** How the customer is named to the business, beside their name: "@ann.b, number hidden". */
function identityNote(customer: SimulatedCustomer): string | null {
  const username = typedUsername(customer);
  if (!username || usernameError(customer)) return null;
  return hidesNumber(customer) ? `@${username}, number hidden` : `@${username}`;
}

/** The phone's header line: "Chatting as Ann (@ann.b, number hidden)"; `phone` is the number's E.164 digits. */
export function chattingAs(customer: SimulatedCustomer, phone: string): string {
  const note = identityNote(customer);
  return `Chatting as ${customer.name.trim() || formatE164(phone)}${note ? ` (${note})` : ''}`;
}

/** What the recent customers list says under a customer's name: number, username, hidden number. */
export function recentCustomerDetails(customer: Pick<SandboxCustomer, 'phone' | 'name' | 'username' | 'hidesNumber'>): string[] {
  return [
    customer.name ? formatE164(customer.phone) : null,
    customer.username ? `@${customer.username}` : null,
    customer.hidesNumber ? 'number hidden' : null,
  ].filter((part): part is string => part !== null);
}

/** A customer the sandbox has seen, as the form plays them again. */
export function customerOfRecent(customer: Pick<SandboxCustomer, 'phone' | 'name' | 'username' | 'hidesNumber'>): SimulatedCustomer {
  return {
    phone: formatE164(customer.phone),
    name: customer.name ?? '',
    username: customer.username ?? '',
    hideNumber: customer.hidesNumber,
  };
}
