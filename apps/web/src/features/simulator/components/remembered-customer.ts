import { hidesNumber, type SimulatedCustomer } from '../api/send-as-customer';

const STORAGE_KEY = 'simulatorCustomer';

const noCustomer: SimulatedCustomer = { phone: '', name: '', username: '', hideNumber: false };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The customer last played on this browser, and the business number they wrote to, so the simulator opens on the same
 * phone as the same person in the same chat.
 */
export function rememberedCustomer(): SimulatedCustomer {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
    if (typeof saved !== 'object' || saved === null) return { ...noCustomer };
    const number = text(saved.number);
    return {
      phone: text(saved.phone),
      name: text(saved.name),
      username: text(saved.username),
      hideNumber: saved.hideNumber === true,
      ...(number ? { number } : {}),
    };
  } catch {
    return { ...noCustomer };
  }
}

export function rememberCustomer(customer: SimulatedCustomer): void {
  const saved: SimulatedCustomer = {
    phone: customer.phone.trim(),
    name: customer.name.trim(),
    username: customer.username.trim(),
    hideNumber: hidesNumber(customer),
    ...(customer.number ? { number: customer.number } : {}),
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
}
