import type { CampaignContact } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SendCounts } from '../../whatsapp/sandbox/send-counter.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { customerWrites, failNextSend } from '../messaging/test/chat-test-kit.ts';
import { campaignAction, campaignStatus, campaignWithContacts, promoTemplate } from './test/campaign-test-kit.ts';

/*
 * Marketing messages as Meta runs them since 2025, over real HTTP against the sandbox: the Marketing Messages API for
 * MARKETING templates (a setting), Meta's per-customer cap (131049) holding recipients back rather than failing them,
 * with retries 24 hours on, customers stopping and resuming marketing messages (user_preferences, 131050), and
 * recategorisations of a template a campaign sends.
 */

let admin: string;
const { t, log } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50', CAMPAIGN_IN_DOUBT_GRACE_MS: '2000' } },
);

let template: Template;
let seq = 0;
beforeAll(async () => {
  template = await promoTemplate(t, admin, 'marketing_promo');
});
beforeEach(async () => {
  await sandbox('DELETE', 'sends');
});

const sandbox = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>) => {
  const res = await t.request({ method, url: `/sandbox/control/${path}`, token: admin, ...(body ? { payload: body } : {}) });
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const setting = (key: string, value: string) =>
  t.request({ method: 'PUT', url: '/api/app/settings', token: admin, payload: { settings: { [key]: value } } });
const nextPhone = () => `4477009800${String(++seq).padStart(2, '0')}`;
const contact = (phone: string) => ({ phone: `+${phone}`, name: 'Mo', variables: { code: 'M1' } });
const until = (id: string, check: (s: Awaited<ReturnType<typeof campaignStatus>>) => boolean) =>
  eventually(async () => {
    const s = await campaignStatus(t, admin, id);
    return check(s) ? s : null;
  }, 15_000);
const recipient = async (id: string) =>
  (
    (await t.request({ method: 'GET', url: `/api/campaign/campaigns/${id}/contacts`, token: admin })).json() as {
      contacts: CampaignContact[];
    }
  ).contacts[0];
const started = async (phones: string[], fields: Record<string, unknown> = {}) => {
  const campaign = await campaignWithContacts(
    t,
    admin,
    { name: `Promo ${++seq}`, templateId: template.id, ...fields },
    phones.map(contact),
  );
  expect((await campaignAction(t, admin, campaign._id, 'start')).statusCode).toBe(200);
  return campaign;
};

describe('marketing messages', () => {
  it('sends MARKETING templates through the Marketing Messages API once the setting is on', async () => {
    expect((await setting('app.marketing_messages_api', 'on')).statusCode).toBe(200);
    try {
      const campaign = await started([nextPhone(), nextPhone()]);
      await until(campaign._id, (s) => s.status === 'completed');
      expect((await sandbox<SendCounts>('GET', 'sends')).marketing).toBe(2);
    } finally {
      await setting('app.marketing_messages_api', 'off');
    }
    await sandbox('DELETE', 'sends');
    const campaign = await started([nextPhone()]);
    await until(campaign._id, (s) => s.status === 'completed');
    expect((await sandbox<SendCounts>('GET', 'sends')).marketing).toBe(0);
  });

  it('holds back a recipient Meta caps (131049) rather than failing them, and sends again once the 24 hours pass', async () => {
    await failNextSend(t, admin, { code: 131049, via: 'status' });
    const campaign = await started([nextPhone()], { retryHeldBack: true });
    const held = await until(campaign._id, (s) => s.counts.held === 1 && s.status === 'running');
    expect(held).toMatchObject({ status: 'running', counts: { failed: 0, held: 1 } });
    const waiting = await recipient(campaign._id);
    expect(waiting).toMatchObject({ status: 'held', error: { code: 131049 } });
    const { rows } = await t.ctx.database.db.execute<{ hours: number }>(sql`
      SELECT round(extract(epoch FROM not_before - now()) / 3600) AS hours FROM campaign_recipients WHERE id = ${Number(waiting?._id)}`);
    expect(Number(rows[0]?.hours)).toBe(24);

    // A day later (the retry time moved to now), the dispatch sends it again and the campaign completes.
    await t.ctx.database.db.execute(sql`UPDATE campaign_recipients SET not_before = now() WHERE id = ${Number(waiting?._id)}`);
    const done = await until(campaign._id, (s) => s.status === 'completed' && s.counts.delivered === 1);
    expect(done.counts).toMatchObject({ held: 0, failed: 0, total: 1 });
    expect((await recipient(campaign._id))?.attempts).toBe(2);

    // Without the retry option, a held-back recipient stays so and the campaign completes.
    await failNextSend(t, admin, { code: 131049, via: 'status' });
    const once = await started([nextPhone()]);
    const settled = await until(once._id, (s) => s.counts.held === 1);
    expect(settled).toMatchObject({ status: 'completed', counts: { failed: 0 } });
  });

  it('skips customers who stopped marketing messages (user_preferences, 131050) until they resume, and shows it in the chat', async () => {
    const phone = nextPhone();
    await customerWrites(t, { from: phone, name: 'Sy', text: 'Hello' });
    expect((await sandbox('POST', 'user-preferences', { from: phone, value: 'stop' })).webhookStatus).toBe(200);
    const stopped = await eventually(async () => {
      const res = await t.request({ method: 'GET', url: `/api/agent/chat/${phone}`, token: admin });
      const conversation = res.json().conversation as { marketingOptedOut: boolean } | null;
      return conversation?.marketingOptedOut ? conversation : null;
    });
    expect(stopped.marketingOptedOut).toBe(true);
    const skipped = await started([phone]);
    await until(skipped._id, (s) => s.status === 'completed');
    expect(await recipient(skipped._id)).toMatchObject({ status: 'skipped', error: { title: 'Stopped marketing messages' } });

    await sandbox('POST', 'user-preferences', { from: phone, value: 'resume' });
    await eventually(async () => {
      const res = await t.request({ method: 'GET', url: `/api/agent/chat/${phone}`, token: admin });
      return res.json().conversation?.marketingOptedOut === false ? true : null;
    });
    const sent = await started([phone]);
    expect((await until(sent._id, (s) => s.status === 'completed')).counts).toMatchObject({ sent: 1, skipped: 0 });

    // Meta refusing a marketing message because the customer stopped them (131050) opts them out too.
    const other = nextPhone();
    await failNextSend(t, admin, { code: 131050, via: 'status' });
    const refused = await started([other]);
    await until(refused._id, (s) => s.counts.failed === 1);
    const { rows } = await t.ctx.database.db.execute<{ stopped: boolean }>(
      sql`SELECT marketing_opt_out_at IS NOT NULL AS stopped FROM contacts WHERE phone = ${other}`,
    );
    expect(rows[0]?.stopped).toBe(true);
  });

  it('tells the admins when Meta recategorises the template of a running campaign, and shows the coming category', async () => {
    const phones = Array.from({ length: 30 }, nextPhone);
    const campaign = await started(phones, { ratePerSecond: 5 });
    await sandbox('POST', 'template-category', {
      name: 'marketing_promo',
      language: template.language,
      category: 'UTILITY',
      impending: true,
    });
    const warned = await eventually(async () =>
      log.events.find((e) => e.event === 'new_activity' && e.payload?.type === 'campaign_template_recategorized') ? true : null,
    );
    expect(warned).toBe(true);
    const { rows } = await t.ctx.database.db.execute<{ details: string; name: string }>(sql`
      SELECT data->>'details' AS details, data->>'name' AS name FROM activities
      WHERE type = 'campaign_template_recategorized' AND data->>'name' = ${campaign.name}`);
    expect(rows[0]?.name).toBe(campaign.name);
    expect(rows[0]?.details).toMatch(/^Meta will re-categorise its template marketing_promo as UTILITY on \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const shown = (await t.request({ method: 'GET', url: `/api/templates/${template.id}`, token: admin })).json();
    expect(shown.template.comingCategory).toMatchObject({ category: 'UTILITY' });
    await campaignAction(t, admin, campaign._id, 'cancel');
  });
});
