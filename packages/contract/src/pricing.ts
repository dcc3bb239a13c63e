import { z } from 'zod';
import type { TemplateCategory } from './templates.ts';

/*
 * What WhatsApp messages cost the business: since July 2025 Meta charges per delivered template message, by pricing
 * category and the recipient's market (their country), and says so in the `pricing` object of the status webhooks. The
 * rates are the business's own (Meta's rate card in its currency): entered under Settings, never invented here.
 */

/** The categories Meta charges for; service messages and free entry points cost nothing. */
export const pricingCategories = ['marketing', 'utility', 'authentication', 'authentication_international'] as const;
export type PricingCategory = (typeof pricingCategories)[number];

/** The market of a rate: an ISO 3166 country code, or `*` for every market without its own rate. */
export const OTHER_MARKETS = '*';

export const messageRateSchema = z.object({
  market: z
    .string()
    .trim()
    .toUpperCase()
    .refine((m) => m === OTHER_MARKETS || /^[A-Z]{2}$/.test(m), {
      error: 'market must be a two-letter country code, such as GB, or * for every other market',
    }),
  category: z.enum(pricingCategories, { error: `category must be one of ${pricingCategories.join(', ')}` }),
  price: z
    .number({ error: 'price must be a number' })
    .min(0, { error: 'price must not be negative' })
    .max(1000, { error: 'price must be at most 1000' }),
});
export type MessageRate = z.infer<typeof messageRateSchema>;

/** PUT /api/pricing/rates: the whole table, replacing what was there. */
export const messageRatesBodySchema = z.object({
  rates: z
    .array(messageRateSchema, { error: 'rates must be a list' })
    .max(2000, { error: 'rates may hold at most 2000 rows' })
    .refine((rates) => new Set(rates.map((r) => `${r.market}:${r.category}`)).size === rates.length, {
      error: 'rates may hold each market and category once',
    }),
});

/** GET /api/pricing/rates: the table, in the currency of the app settings (app.currency). No transforms: answers are encoded. */
export const messageRatesResponseSchema = z.object({
  currency: z.string(),
  rates: z.array(z.object({ market: z.string(), category: z.enum(pricingCategories), price: z.number() })),
});

/** What a template of this category is charged as (authentication sent across borders may cost more: Meta's card says). */
export function pricingCategoryOf(category: TemplateCategory): PricingCategory {
  return category === 'MARKETING' ? 'marketing' : category === 'UTILITY' ? 'utility' : 'authentication';
}

/** The price of one message of `category` to `market`: its own rate, else the rate for every other market; null: none. */
export function rateOf(rates: readonly MessageRate[], market: string | null, category: string): number | null {
  const own = market ? rates.find((r) => r.market === market && r.category === category) : undefined;
  return (own ?? rates.find((r) => r.market === OTHER_MARKETS && r.category === category))?.price ?? null;
}

export const costEstimateSchema = z.object({
  currency: z.string(),
  category: z.enum(pricingCategories),
  /** The sum over the priced recipients; null while the table has no rate at all for them. */
  total: z.number().nullable(),
  /** Recipients whose market has no rate (and no rate for every other market): not in the total. */
  unpriced: z.number().int(),
  byMarket: z.array(z.object({ market: z.string().nullable(), recipients: z.number().int(), price: z.number().nullable() })),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;

/** Money as the rate card counts it: six decimals, so sums of small prices stay exact enough. */
const roundMoney = (value: number) => Math.round(value * 1e6) / 1e6;

/** Messages of a market and category, as counted for pricing. */
export interface PricedCount {
  market: string | null;
  category: string;
  messages: number;
}

/** What these messages cost by the table: all of them, their price (null while none has a rate), and those without one. */
export function priceCounts(
  rates: readonly MessageRate[],
  counts: readonly PricedCount[],
): { messages: number; total: number | null; unpriced: number } {
  let messages = 0;
  let total = 0;
  let priced = 0;
  for (const count of counts) {
    messages += count.messages;
    const price = rateOf(rates, count.market, count.category);
    if (price === null) continue;
    total += price * count.messages;
    priced += count.messages;
  }
  return { messages, total: priced > 0 ? roundMoney(total) : null, unpriced: messages - priced };
}

/** What sending `category` messages costs by the table: recipients per market (null: unknown market) times its rate. */
export function estimateCost(
  rates: readonly MessageRate[],
  currency: string,
  category: PricingCategory,
  recipientsByMarket: ReadonlyMap<string | null, number>,
): CostEstimate {
  const counts = [...recipientsByMarket].map(([market, messages]) => ({ market, category, messages }));
  const { total, unpriced } = priceCounts(rates, counts);
  const byMarket = counts
    .map(({ market, messages }) => ({ market, recipients: messages, price: rateOf(rates, market, category) }))
    .sort((a, b) => b.recipients - a.recipients || String(a.market).localeCompare(String(b.market)));
  return { currency, category, total, unpriced, byMarket };
}
