import type { CampaignPreflight, CampaignSpend } from '@wac/contract/campaigns';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { campaignAction, campaignStatus, campaignWithContacts, promoTemplate } from '../campaigns/test/campaign-test-kit.ts';

/*
 * Per-message pricing over real HTTP against the sandbox: the business's rate table (empty until entered), a campaign's
 * estimate before it starts (the table's arithmetic over its recipients' markets), Meta's pricing kept from the
 * statuses, and the campaign's spend after.
 */

let admin: string;
let agent: SeededUser;
const { t } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    agent = await addUser(app, { username: 'prices-agent' });
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } },
);

const rates = (payload?: Record<string, unknown>, token = admin) =>
  t.request({ method: payload ? 'PUT' : 'GET', url: '/api/pricing/rates', token, ...(payload ? { payload } : {}) });

describe('message prices', () => {
  it('start empty, refuse bad rows and anyone but an admin, and keep what an admin enters', async () => {
    expect((await rates(undefined, agent.token)).json()).toEqual({ currency: 'USD', rates: [] });
    expect((await rates({ rates: [] }, agent.token)).statusCode).toBe(403);
    const negative = await rates({ rates: [{ market: 'GB', category: 'marketing', price: -0.1 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toMatch(/^price must not be negative/);
    expect((await rates({ rates: [{ market: 'GB', category: 'promotions', price: 0.1 }] })).statusCode).toBe(400);
    const saved = await rates({
      rates: [
        { market: 'gb', category: 'marketing', price: 0.0529 },
        { market: '*', category: 'marketing', price: 0.07 },
        { market: 'GB', category: 'utility', price: 0.022 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rates).toContainEqual({ market: 'GB', category: 'marketing', price: 0.0529 });
    expect((await rates()).json().rates).toHaveLength(3);
  });
});

describe("a campaign's cost", () => {
  let template: Awaited<ReturnType<typeof promoTemplate>>;
  beforeAll(async () => {
    template = await promoTemplate(t, admin, 'priced_promo');
  });

  it('is estimated before the start as the table says, and its spend after is what Meta priced at those rates', async () => {
    const people = ['+447700990001', '+447700990002', '+447700990003', '+5511987650001'].map((phone, k) => ({
      phone,
      name: 'P',
      variables: { code: `C${k}` },
    }));
    const campaign = await campaignWithContacts(t, admin, { name: 'Priced', templateId: template.id }, people);
    const dryRun = await t.request({ method: 'POST', url: `/api/campaign/campaigns/${campaign._id}/preflight`, token: admin });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    const { cost } = dryRun.json() as CampaignPreflight;
    // Three British customers at 0.0529 and a Brazilian one at the rate for every other market, 0.07.
    expect(cost).toEqual({
      currency: 'USD',
      category: 'marketing',
      total: 0.2287,
      unpriced: 0,
      byMarket: [
        { market: 'GB', recipients: 3, price: 0.0529 },
        { market: 'BR', recipients: 1, price: 0.07 },
      ],
    });

    expect((await campaignAction(t, admin, campaign._id, 'start')).statusCode).toBe(200);
    await eventually(async () => ((await campaignStatus(t, admin, campaign._id)).counts.read === 4 ? true : null), 15_000);
    const { rows } = await t.ctx.database.db.execute<{ billable: boolean; pricing_category: string; pricing_model: string }>(sql`
      SELECT billable, pricing_category, pricing_model FROM messages WHERE template_name = 'priced_promo'`);
    expect(rows).toEqual(Array(4).fill({ billable: true, pricing_category: 'marketing', pricing_model: 'PMP' }));
    const spend = (await t.request({ method: 'GET', url: `/api/campaign/campaigns/${campaign._id}/spend`, token: admin })).json()
      .spend as CampaignSpend;
    expect(spend).toEqual({
      currency: 'USD',
      total: cost.total,
      billable: 4,
      unpriced: 0,
      byCategory: [{ category: 'marketing', messages: 4, total: 0.2287 }],
    });

    // Analytics show the same spend per day, category and campaign.
    const analytics = (await t.request({ method: 'GET', url: `/api/analytics/spend?campaignId=${campaign._id}`, token: admin })).json();
    expect(analytics).toMatchObject({ currency: 'USD', total: 0.2287, billable: 4, unpriced: 0 });
    expect(analytics.byCategory).toEqual([{ category: 'marketing', messages: 4, total: 0.2287 }]);
    expect(analytics.byCampaign).toEqual([{ campaignId: Number(campaign._id), name: 'Priced', messages: 4, total: 0.2287 }]);
    expect(analytics.series.at(-1)).toMatchObject({ messages: 4, total: 0.2287 });
    const refused = await t.request({ method: 'GET', url: '/api/analytics/spend?agentId=1', token: admin });
    expect(refused.statusCode).toBe(400);
  });
});
