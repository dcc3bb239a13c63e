import type { CampaignContact } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SendCounts } from '../../whatsapp/sandbox/send-counter.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import {
  campaignAction,
  campaignStatus,
  campaignWithContacts,
  createCampaign,
  promoComponents,
  promoTemplate,
} from './test/campaign-test-kit.ts';

let admin: string;
const { t, log } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50', LICENSE_HMAC_SECRET: TEST_SECRET, CAMPAIGN_IN_DOUBT_GRACE_MS: '2000' } },
);

const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${t.baseUrl}/sandbox/control/${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
};
const sandboxSends = () => control('GET', 'sends') as unknown as Promise<SendCounts>;

let template: Template;
let phoneSeq = 0;
beforeAll(async () => {
  template = await promoTemplate(t, admin, 'dispatch_promo');
});
beforeEach(async () => {
  await control('DELETE', 'sends');
});

/** `n` new recipients each with a code, phones never used before in this file. */
function contacts(n: number, over: (k: number) => Record<string, unknown> = () => ({})) {
  return Array.from({ length: n }, (_, k) => {
    phoneSeq += 1;
    return {
      phone: `+4477009${String(phoneSeq).padStart(5, '0')}`,
      name: `Cust ${phoneSeq}`,
      variables: { code: `C${phoneSeq}` },
      ...over(k),
    };
  });
}

const campaignWith = (list: Record<string, unknown>[], over: Record<string, unknown> = {}) =>
  campaignWithContacts(t, admin, { name: 'Dispatch', templateId: template.id, ratePerSecond: 200, ...over }, list);
const statusOf = (id: string) => campaignStatus(t, admin, id);
const until = (id: string, check: (s: Awaited<ReturnType<typeof statusOf>>) => boolean, timeoutMs = 15_000) =>
  eventually(async () => {
    const s = await statusOf(id);
    return check(s) ? s : null;
  }, timeoutMs);
const recipientsOf = async (id: string) =>
  (
    (await t.request({ method: 'GET', url: `/api/campaign/campaigns/${id}/contacts?limit=100`, token: admin })).json() as {
      contacts: CampaignContact[];
    }
  ).contacts;

/** Each phone's sends at the Graph side, as the sandbox counted them. */
async function sendsPerPhone(list: { phone: unknown }[]) {
  const { byRecipient } = await sandboxSends();
  return list.map((c) => byRecipient[String(c.phone).replace('+', '')] ?? 0);
}

describe('campaign dispatch', () => {
  it('sends every recipient once, stores each message in its chat, and follows Meta’s statuses to read', async () => {
    const list = contacts(30);
    const campaign = await campaignWith(list);
    const started = await campaignAction(t, admin, campaign._id, 'start');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'running', warnings: [] });

    await until(campaign._id, (s) => s.status === 'completed');
    expect(await sendsPerPhone(list)).toEqual(list.map(() => 1));
    const done = await until(campaign._id, (s) => s.counts.read === 30);
    expect(done.counts).toMatchObject({ total: 30, pending: 0, sending: 0, failed: 0 });

    const [first] = await recipientsOf(campaign._id);
    expect(first).toMatchObject({ status: 'read', attempts: 1, error: null });
    expect(first?.wamid).toMatch(/^wamid\./);
    expect(first?.sentAt && first.deliveredAt && first.readAt).toBeTruthy();
    const stored = await t.ctx.database.db.execute<{ n: number; text: string }>(sql`
      SELECT count(*)::int AS n, min(content->>'text') AS text FROM messages WHERE template_name = 'dispatch_promo'`);
    expect(stored.rows[0]).toMatchObject({ n: 30 });
    expect(stored.rows[0]?.text).toMatch(/^Hi Cust \d+, your code is C\d+\.$/);

    const progress = log.events.filter((e) => e.event === 'campaign_progress' && e.payload.campaignId === campaign._id);
    expect(progress.at(-1)?.payload).toMatchObject({ status: 'completed' });
    const activities = await t.ctx.database.db.execute<{ type: string }>(sql`
      SELECT type FROM activities WHERE data->>'name' = 'Dispatch' ORDER BY id`);
    expect(activities.rows.map((r) => r.type)).toEqual(expect.arrayContaining(['campaign_started', 'campaign_completed']));
  });

  it('refuses a start with no contacts, and a start whose rows Meta would refuse unless they are skipped', async () => {
    const empty = await createCampaign(t, admin, { name: 'Empty', templateId: template.id, components: promoComponents });
    const none = await campaignAction(t, admin, empty._id, 'start');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('The campaign has no contacts to send to; add contacts first');

    const list = [...contacts(2), ...contacts(1, () => ({ variables: {} }))];
    const campaign = await campaignWith(list);
    const dry = await campaignAction(t, admin, campaign._id, 'preflight');
    expect(dry.json()).toMatchObject({
      recipients: 3,
      problemCount: 1,
      problems: [{ phone: list[2]?.phone, reason: 'No value for {{code}}' }],
    });
    const refused = await campaignAction(t, admin, campaign._id, 'start');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('1 recipient cannot be sent as they are');
    expect((await statusOf(campaign._id)).status).toBe('draft');
    expect((await sandboxSends()).total).toBe(0);

    expect((await campaignAction(t, admin, campaign._id, 'start', { skipInvalid: true })).statusCode).toBe(200);
    const done = await until(campaign._id, (s) => s.status === 'completed');
    expect(done.counts).toMatchObject({ skipped: 1 });
    expect(await sendsPerPhone(list)).toEqual([1, 1, 0]);
  });

  it('fails recipients Meta refuses for good with its explanation, retries throughput errors, and retries failures on request', async () => {
    const list = contacts(10);
    const campaign = await campaignWith(list, { ratePerSecond: 20 });
    await control('POST', 'fail-next', { code: 131026, httpStatus: 400, count: 2 });
    await campaignAction(t, admin, campaign._id, 'start');
    const done = await until(campaign._id, (s) => s.status === 'completed');
    expect(done.counts).toMatchObject({ failed: 2 });
    const failed = (await recipientsOf(campaign._id)).filter((r) => r.status === 'failed');
    expect(failed[0]?.error).toMatchObject({ code: 131026, title: 'Message undeliverable' });
    expect(failed[0]?.error?.explanation).toBeTruthy();

    await control('POST', 'fail-next', { code: 130429, httpStatus: 400, count: 1 });
    const retried = await campaignAction(t, admin, campaign._id, 'retry-failed');
    expect(retried.json()).toMatchObject({ status: 'running' });
    const again = await until(campaign._id, (s) => s.status === 'completed');
    expect(again.counts.failed).toBe(0);
    expect(await sendsPerPhone(list)).toEqual(list.map(() => 1));
  });

  it('pauses and resumes mid-run without sending anyone twice', async () => {
    const list = contacts(24);
    const campaign = await campaignWith(list, { ratePerSecond: 10 });
    await campaignAction(t, admin, campaign._id, 'start');
    await until(campaign._id, (s) => s.counts.total - s.counts.pending >= 5);
    const paused = await campaignAction(t, admin, campaign._id, 'pause');
    expect(paused.json()).toMatchObject({ status: 'paused' });
    await new Promise((r) => setTimeout(r, 300));
    const atPause = (await sandboxSends()).total;
    await new Promise((r) => setTimeout(r, 600));
    expect((await sandboxSends()).total).toBe(atPause);
    expect(atPause).toBeLessThan(24);

    await campaignAction(t, admin, campaign._id, 'resume');
    await until(campaign._id, (s) => s.status === 'completed');
    expect(await sendsPerPhone(list)).toEqual(list.map(() => 1));
  });

  it('pauses a running campaign whose template Meta pauses, saying why', async () => {
    const own = await promoTemplate(t, admin, 'pausable_promo');
    const list = contacts(20);
    const campaign = await campaignWith(list, { ratePerSecond: 5, templateId: own.id });
    await campaignAction(t, admin, campaign._id, 'start');
    await until(campaign._id, (s) => s.counts.total - s.counts.pending >= 2);
    await control('POST', 'template-status', { name: 'pausable_promo', language: 'en_US', status: 'PAUSED' });
    const paused = await until(campaign._id, (s) => s.status === 'paused');
    expect(paused.statusReason).toBe('Template pausable_promo is paused and cannot be sent');
    expect(paused.counts.pending).toBeGreaterThan(0);
    const activity = await t.ctx.database.db.execute<{ source_type: string }>(sql`
      SELECT source_type FROM activities WHERE type = 'campaign_paused' AND data->>'details' LIKE 'Template pausable_promo%'`);
    expect(activity.rows).toEqual([{ source_type: 'system' }]);
  });

  it('starts a scheduled campaign when its time comes', async () => {
    const list = contacts(3);
    const campaign = await campaignWith(list);
    const at = new Date(Date.now() + 1_000).toISOString();
    expect((await campaignAction(t, admin, campaign._id, 'schedule', { scheduleTime: at })).json()).toMatchObject({ status: 'scheduled' });
    await t.ctx.jobs.runNow('campaigns.start-due').catch(() => {});
    const done = await until(campaign._id, (s) => s.status === 'completed', 20_000);
    expect(done.counts.total).toBe(3);
    expect(await sendsPerPhone(list)).toEqual([1, 1, 1]);
  });

  it('skips customers whose last keyword was an opt-out, and counts them as skipped', async () => {
    const list = contacts(3);
    const waId = (c: Record<string, unknown>) => String(c.phone).replace('+', '');
    await control('POST', 'inbound', { from: waId(list[0] as Record<string, unknown>), type: 'text', text: 'Stop' });
    await control('POST', 'inbound', { from: waId(list[1] as Record<string, unknown>), type: 'text', text: 'STOP' });
    await control('POST', 'inbound', { from: waId(list[1] as Record<string, unknown>), type: 'text', text: 'start' });
    const campaign = await campaignWith(list);
    await eventually(async () => {
      const stored = await t.ctx.database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM messages WHERE direction = 'inbound' AND content->>'text' IN ('Stop', 'STOP', 'start')`);
      return (stored.rows[0]?.n ?? 0) >= 3;
    });
    // Each keyword got its confirmation (opt-out-replies.test.ts); only the campaign's sends are counted below.
    await eventually(async () => (await sandboxSends()).total >= 3);
    await control('DELETE', 'sends');
    await campaignAction(t, admin, campaign._id, 'start');
    const done = await until(campaign._id, (s) => s.status === 'completed');
    expect(done.counts).toMatchObject({ skipped: 1, total: 3 });
    expect(await sendsPerPhone(list)).toEqual([0, 1, 1]);
    const [skipped] = (await recipientsOf(campaign._id)).filter((r) => r.status === 'skipped');
    expect(skipped?.error?.title).toBe('Opted out');
  });

  it('takes as audience everyone who wrote in the last days, without a file', async () => {
    const [writer] = contacts(1);
    await control('POST', 'inbound', {
      from: String(writer?.phone).replace('+', ''),
      type: 'text',
      text: 'Hello there',
      name: 'Recent Rita',
    });
    const campaign = await createCampaign(t, admin, { name: 'Recent', templateId: template.id, components: promoComponents });
    const add = (days: unknown) =>
      t.request({ method: 'POST', url: `/api/campaign/campaigns/${campaign._id}/contacts/recent`, token: admin, payload: { days } });
    // Her message is stored by the webhook processing, shortly after the sandbox posts it.
    const rita = await eventually(async () => {
      expect((await add(7)).statusCode).toBe(200);
      return (await recipientsOf(campaign._id)).find((r) => r.phone === writer?.phone);
    });
    expect(rita).toMatchObject({ name: 'Recent Rita' });
    expect((await add(0)).json().error).toContain('days must be at least 1');
    expect((await add('x')).statusCode).toBe(400);
  });

  it('refuses a start the day’s messages quota cannot cover, before sending anything', async () => {
    const list = contacts(5);
    const campaign = await campaignWith(list);
    const used = await t.ctx.database.db.execute<{ n: number }>(
      sql`SELECT coalesce(sum(used), 0)::int AS n FROM license_usage WHERE quota = 'messages'`,
    );
    await applyKey(t, mintKey({ plan: 'basic', quotas: { messages: (used.rows[0]?.n ?? 0) + 3 } }));
    const refused = await campaignAction(t, admin, campaign._id, 'start');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', quotaType: 'messages', quota: { requested: 5 } });
    expect((await statusOf(campaign._id)).status).toBe('draft');
    expect((await sandboxSends()).total).toBe(0);
  });
});
