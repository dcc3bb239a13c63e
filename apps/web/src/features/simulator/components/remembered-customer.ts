import type { SimulatedCustomer } from '../api/send-as-customer';

const STORAGE_KEY = 'simulatorCustomer';

/** The customer last played on this browser, so the simulator opens on the same phone. */
export function rememberedCustomer(): SimulatedCustomer {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SimulatedCustomer> | null;
    return { phone: typeof saved?.phone === 'string' ? saved.phone : '', name: typeof saved?.name === 'string' ? saved.name : '' };
  } catch {
    return { phone: '', name: '' };
  }
}

export function rememberCustomer(customer: SimulatedCustomer): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ phone: customer.phone.trim(), name: customer.name.trim() }));
}
