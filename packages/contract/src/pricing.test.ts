import { describe, expect, it } from 'vitest';
import { estimateCost, messageRatesBodySchema, rateOf } from './pricing.ts';

const rates = [
  { market: 'GB', category: 'marketing' as const, price: 0.0529 },
  { market: 'BR', category: 'marketing' as const, price: 0.0625 },
  { market: '*', category: 'marketing' as const, price: 0.07 },
  { market: 'GB', category: 'utility' as const, price: 0.022 },
];

describe('message prices', () => {
  it("take a market's own rate, else the rate for every other market", () => {
    expect(rateOf(rates, 'GB', 'marketing')).toBe(0.0529);
    expect(rateOf(rates, 'FR', 'marketing')).toBe(0.07);
    expect(rateOf(rates, null, 'marketing')).toBe(0.07);
    expect(rateOf(rates, 'FR', 'utility')).toBeNull();
  });

  it("estimate a campaign as the table's arithmetic, naming the recipients no rate covers", () => {
    const estimate = estimateCost(
      rates,
      'USD',
      'utility',
      new Map([
        ['GB', 3],
        ['BR', 2],
      ]),
    );
    expect(estimate).toEqual({
      currency: 'USD',
      category: 'utility',
      total: 0.066,
      unpriced: 2,
      byMarket: [
        { market: 'GB', recipients: 3, price: 0.022 },
        { market: 'BR', recipients: 2, price: null },
      ],
    });
    expect(
      estimateCost(
        rates,
        'USD',
        'marketing',
        new Map<string | null, number>([
          ['GB', 1000],
          ['BR', 10],
          [null, 1],
        ]),
      ).total,
    ).toBe(53.595);
    expect(estimateCost([], 'USD', 'marketing', new Map([['GB', 1]])).total).toBeNull();
  });

  it('refuse negative prices, unknown categories and markets, and a market and category given twice', () => {
    const bad = (rate: Record<string, unknown>) => messageRatesBodySchema.safeParse({ rates: [rate] }).error?.issues[0]?.message;
    expect(bad({ market: 'GB', category: 'marketing', price: -1 })).toBe('price must not be negative');
    expect(bad({ market: 'GB', category: 'promo', price: 1 })).toMatch(/^category must be one of marketing, utility/);
    expect(bad({ market: 'GBR', category: 'marketing', price: 1 })).toMatch(/^market must be a two-letter country code/);
    const twice = messageRatesBodySchema.safeParse({ rates: [rates[0], { ...rates[0], market: 'gb' }] });
    expect(twice.error?.issues[0]?.message).toBe('rates may hold each market and category once');
  });
});
