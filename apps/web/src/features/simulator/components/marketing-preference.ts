import type { UserPreferenceBody } from '../api/user-preferences';

export type MarketingPreference = UserPreferenceBody['value'];

/** The request for the customer (E.164 digits) and the business number they write to ('' for the sandbox's first). */
export function preferenceBody(phone: string, number: string | undefined, value: MarketingPreference): UserPreferenceBody {
  return { from: phone, ...(number ? { to: number } : {}), value };
}

/** What the customer's choice did, in a line: the console's webhook took it, or answered with an error status. */
export function preferenceOutcome(value: MarketingPreference, webhookStatus: number): { ok: boolean; text: string } {
  if (webhookStatus !== 200) return { ok: false, text: `The console’s webhook answered ${webhookStatus}: the business was not told.` };
  return {
    ok: true,
    text: value === 'stop' ? 'Marketing messages stopped: the business was told.' : 'Marketing messages resumed: the business was told.',
  };
}
