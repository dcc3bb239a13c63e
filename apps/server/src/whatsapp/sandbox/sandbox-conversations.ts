import { advanceStatus } from '@wac/contract/whatsapp-messages';
import { normalizePhone } from '@wac/contract/whatsapp-phone';
import type { SandboxConversation, SandboxCustomer, SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { phoneOfSandboxBsuid, sandboxBsuid } from './user-ids.ts';

export type NewSandboxMessage = Omit<SandboxMessage, 'id' | 'timestamp' | 'status' | 'error' | 'businessNumberId'> &
  Partial<Pick<SandboxMessage, 'status' | 'error'>>;

/** Every content field unset: each kind of message fills in its own. */
export const blankSandboxContent = {
  text: null,
  media: null,
  interactive: null,
  reply: null,
  reaction: null,
  location: null,
  template: null,
  contextId: null,
} satisfies Partial<NewSandboxMessage>;

interface Customer {
  phone: string;
  name: string | null;
  username: string | null;
  hidesNumber: boolean;
  /** Until when each business number shows its typing indicator. */
  typing: Map<string, number>;
  lastActivityAt: Date;
  messages: SandboxMessage[];
}

export interface SandboxConversationLimits {
  messagesPerCustomer: number;
  customers: number;
}

/** WhatsApp dismisses the typing indicator after 25 seconds. */
const TYPING_SHOWN_MS = 25_000;

const defaultLimits: SandboxConversationLimits = { messagesPerCustomer: 500, customers: 200 };

type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * What the business and each simulated customer said to each other, as the sandbox saw it, so the simulator can
 * play the customer's phone. In memory and capped: it is a playground, not a record of anything.
 */
export function createSandboxConversations(limits: SandboxConversationLimits = defaultLimits) {
  // Map order is least recently active first, so the customer to forget is always the first key.
  const customers = new Map<string, Customer>();
  const byWamid = new Map<string, { message: SandboxMessage; customer: Customer }>();
  let nextId = 1;

  const keyOf = (phone: string) => normalizePhone(phone) ?? phone;

  function touch(phone: string, name?: string | null): Customer {
    const key = keyOf(phone);
    const customer = customers.get(key) ?? {
      phone: key,
      name: null,
      username: null,
      hidesNumber: false,
      typing: new Map(),
      lastActivityAt: new Date(),
      messages: [],
    };
    customers.delete(key);
    customers.set(key, customer);
    if (name) customer.name = name;
    customer.lastActivityAt = new Date();
    const oldest = customers.keys().next().value;
    if (customers.size > limits.customers && oldest !== undefined) {
      for (const m of customers.get(oldest)?.messages ?? []) byWamid.delete(m.wamid);
      customers.delete(oldest);
    }
    return customer;
  }

  const identityOf = (phone: string, customer: Customer | undefined) => ({
    bsuid: sandboxBsuid(phone),
    username: customer?.username ?? null,
    hidesNumber: customer?.hidesNumber ?? false,
  });

  return {
    /**
     * Who the customer is to the business from now on: a username once adopted stays (until another replaces it), and
     * only a customer with a username can hide their number. Answers the identity, or why it cannot be.
     */
    identify(phone: string, change: { username?: string; hideNumber?: boolean }): ReturnType<typeof identityOf> | string {
      const known = customers.get(keyOf(phone));
      const username = change.username ?? known?.username ?? null;
      const hidesNumber = change.hideNumber ?? known?.hidesNumber ?? false;
      if (hidesNumber && !username) return 'hideNumber needs a username: only a customer with a username can hide their number';
      const customer = touch(phone);
      customer.username = username;
      customer.hidesNumber = hidesNumber;
      return identityOf(customer.phone, customer);
    },

    /** The customer a BSUID names, if the sandbox made it. */
    phoneOfBsuid(bsuid: string): string | null {
      return phoneOfSandboxBsuid(bsuid);
    },

    /** Whether the business is shown this customer's number. */
    hidesNumber(phone: string): boolean {
      return customers.get(keyOf(phone))?.hidesNumber ?? false;
    },

    /** A message between the customer and the business number `businessNumberId`. */
    add(phone: string, businessNumberId: string, message: NewSandboxMessage, name?: string | null): SandboxMessage {
      const customer = touch(phone, name);
      // The business writing ends its typing indicator, as on WhatsApp.
      if (message.direction === 'to_customer') customer.typing.delete(businessNumberId);
      const stored: SandboxMessage = {
        ...message,
        businessNumberId,
        id: nextId++,
        status: message.status ?? 'accepted',
        error: message.error ?? null,
        timestamp: new Date().toISOString(),
      };
      customer.messages.push(stored);
      byWamid.set(stored.wamid, { message: stored, customer });
      if (customer.messages.length > limits.messagesPerCustomer) {
        for (const dropped of customer.messages.splice(0, customer.messages.length - limits.messagesPerCustomer)) {
          byWamid.delete(dropped.wamid);
        }
      }
      return stored;
    },

    /** A status the sandbox reported; like Meta's, statuses only move forward. */
    setStatus(wamid: string, status: DeliveryStatus, error?: { code: number; title: string }): void {
      const message = byWamid.get(wamid)?.message;
      if (!message) return;
      const next = advanceStatus(message.status === 'accepted' ? 'pending' : message.status, status);
      if (next !== status) return;
      message.status = status;
      if (error) message.error = error;
    },

    /**
     * The business read a customer's message: as with Meta, the customer's earlier messages to that number count as
     * read too. `typing`: the business shows its typing indicator there, for 25 seconds or until it writes.
     */
    markReadByBusiness(wamid: string, typing = false): void {
      const found = byWamid.get(wamid);
      if (!found) return;
      if (typing) found.customer.typing.set(found.message.businessNumberId, Date.now() + TYPING_SHOWN_MS);
      for (const m of found.customer.messages) {
        const earlier = m.id <= found.message.id && m.businessNumberId === found.message.businessNumberId;
        if (earlier && m.direction === 'from_customer' && m.status !== 'failed') m.status = 'read';
      }
    },

    /** The customer's chat with one business number, as their phone shows it. */
    conversation(phone: string, businessNumberId: string): SandboxConversation {
      const customer = customers.get(keyOf(phone));
      const key = keyOf(phone);
      const messages = customer ? customer.messages.filter((m) => m.businessNumberId === businessNumberId) : [];
      const typing = (customer?.typing.get(businessNumberId) ?? 0) > Date.now();
      return { phone: key, name: customer?.name ?? null, ...identityOf(key, customer), businessTyping: typing, messages };
    },

    customers(): SandboxCustomer[] {
      return [...customers.values()].reverse().map((c) => ({
        phone: c.phone,
        name: c.name,
        ...identityOf(c.phone, c),
        lastActivityAt: c.lastActivityAt.toISOString(),
        messages: c.messages.length,
      }));
    },
  };
}

export type SandboxConversations = ReturnType<typeof createSandboxConversations>;
