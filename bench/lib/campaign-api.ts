import { setTimeout as sleep } from 'node:timers/promises';
import type { CampaignCounts } from '@wac/contract/campaigns';
import type { SendCounts } from '../../apps/server/src/whatsapp/sandbox/send-counter.ts';

/** The campaign template of the dispatch bench: a name and a code per recipient, as the server's campaign tests send. */
export const PROMO_TEMPLATE = {
  language: 'en_US',
  category: 'MARKETING',
  components: [{ type: 'BODY', text: 'Hi {{1}}, your code is {{2}}.', example: { body_text: [['Ann', 'SAVE10']] } }] as unknown[],
};

export const PROMO_PARAMETERS = [
  {
    type: 'body',
    parameters: [
      { type: 'text', text: '{{name}}' },
      { type: 'text', text: '{{code}}' },
    ],
  },
];

/** The console's JSON API as the admin, over real HTTP; any answer but a 2xx throws with its body. */
export function consoleApi(baseUrl: string, token: string) {
  async function call<T>(method: string, path: string, body?: unknown, timeoutMs = 60_000): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    call,

    /** Submits the promo template to Meta (the sandbox) and waits for its approval to reach the console. */
    async approvedTemplate(name: string): Promise<number> {
      const { template } = await call<{ template: { id: number } }>('POST', '/api/templates', { name, ...PROMO_TEMPLATE });
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = await call<{ template: { status: string } }>('GET', `/api/templates/${template.id}`);
        if (found.template.status === 'APPROVED') return template.id;
        if (Date.now() > deadline) throw new Error(`template ${name} not approved within 30 s (${found.template.status})`);
        await sleep(100);
      }
    },

    /** A draft campaign of the promo template with these recipients (added 10,000 at a time, the API's limit). */
    async campaign(name: string, templateId: number, ratePerSecond: number, phones: string[]): Promise<string> {
      const { campaign } = await call<{ campaign: { _id: string } }>('POST', '/api/campaign/campaigns', {
        name,
        templateId,
        components: PROMO_PARAMETERS,
        ratePerSecond,
      });
      for (let k = 0; k < phones.length; k += 10_000) {
        const contacts = phones.slice(k, k + 10_000).map((phone, i) => ({
          phone: `+${phone}`,
          name: `Cust ${k + i}`,
          variables: { code: `C${k + i}` },
        }));
        await call('POST', `/api/campaign/campaigns/${campaign._id}/contacts`, { contacts }, 300_000);
      }
      return campaign._id;
    },

    action: (id: string, action: string, body: unknown = {}) => call('POST', `/api/campaign/campaigns/${id}/${action}`, body),

    status: (id: string) => call<{ status: string; counts: CampaignCounts }>('GET', `/api/campaign/campaigns/${id}/status`),

    /** What the sandbox Graph of this server accepted since the last reset. */
    sends: () => call<SendCounts>('GET', '/sandbox/control/sends'),
    resetSends: () => call('DELETE', '/sandbox/control/sends'),
  };
}

export type ConsoleApi = ReturnType<typeof consoleApi>;

/** `count` distinct customer numbers (wa_id digits) of one bench phase. */
export const phonesOf = (phase: number, count: number) =>
  Array.from({ length: count }, (_, k) => `44770${String(phase).padStart(2, '0')}${String(k).padStart(6, '0')}`);

export interface SecondStats {
  /** Full seconds measured. */
  seconds: number;
  mean: number;
  max: number;
  min: number;
  /** Seconds, over the whole run (partial ones included), that carried more than `cap`. */
  over: { second: number; count: number }[];
}

/**
 * Sends per calendar second from the sandbox's counter: mean, max and min over `seconds` full seconds starting at
 * `fromSecond` (seconds without a send count as 0), and every second of the run above `cap`.
 */
export function perSecondStats(counts: SendCounts, fromSecond: number, seconds: number, cap = Number.POSITIVE_INFINITY): SecondStats {
  const bySecond = new Map(counts.perSecond.map((s) => [s.second, s.count]));
  const window = Array.from({ length: seconds }, (_, k) => bySecond.get(fromSecond + k) ?? 0);
  return {
    seconds,
    mean: window.reduce((s, n) => s + n, 0) / Math.max(1, seconds),
    max: Math.max(0, ...window),
    min: Math.min(...window),
    over: counts.perSecond.filter((s) => s.count > cap),
  };
}

/** Recipients of `phones` the Graph never accepted a send for, those it accepted more than once, and the extra sends. */
export function exactlyOnce(counts: SendCounts, phones: string[]) {
  let lost = 0;
  let twice = 0;
  let extra = 0;
  for (const phone of phones) {
    const n = counts.byRecipient[phone] ?? 0;
    if (n === 0) lost += 1;
    if (n > 1) {
      twice += 1;
      extra += n - 1;
    }
  }
  const mine = new Set(phones);
  const strangers = Object.entries(counts.byRecipient).filter(([phone]) => !mine.has(phone)).length;
  return { lost, twice, extra, strangers };
}
