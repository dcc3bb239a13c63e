import type { CampaignCounts } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { eventually, postWebhook } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { customerWrites } from '../messaging/test/chat-test-kit.ts';
import { callbackDataOf } from './campaign-sends.ts';
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
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } },
);

let template: Template;
beforeAll(async () => {
  template = await promoTemplate(t, admin, 'funnel_promo');
});

const get = (url: string) => t.request({ method: 'GET', url, token: admin });
const phone = (n: number) => `+4477008${String(n).padStart(5, '0')}`;
const sql = (text: string, values: unknown[]) => t.ctx.database.pool.query(text, values);

/** `n` recipients in `state`, as the dispatch leaves them: accepted ones with a wamid and their instants. */
async function seedRecipients(campaignId: string, from: number, n: number, state: string) {
  await sql(
    `INSERT INTO campaign_recipients (campaign_id, phone, wa_id, state, attempts, wamid, sent_at, delivered_at, read_at, failed_at)
     SELECT $1, '+4477008' || lpad(k::text, 5, '0'), '4477008' || lpad(k::text, 5, '0'), $3, 1,
       CASE WHEN $3 IN ('sent', 'delivered', 'read') THEN 'wamid.funnel.' || k END,
       CASE WHEN $3 IN ('sent', 'delivered', 'read') THEN now() END,
       CASE WHEN $3 IN ('delivered', 'read') THEN now() END,
       CASE WHEN $3 = 'read' THEN now() END,
       CASE WHEN $3 = 'failed' THEN now() END
     FROM generate_series($2::int, $2::int + $4::int - 1) k`,
    [Number(campaignId), from, state, n],
  );
}

describe('a finished campaign’s figures', () => {
  // 1 sent, 1 delivered and 46 read (the newcomer's 48), 2 failed and 1 skipped.
  const funnel: CampaignCounts = {
    total: 51,
    pending: 0,
    sending: 0,
    sent: 48,
    delivered: 47,
    read: 46,
    failed: 2,
    skipped: 1,
    unknown: 0,
    held: 0,
  };
  let id: string;

  beforeAll(async () => {
    id = (await createCampaign(t, admin, { name: 'Newcomer', templateId: template.id, components: promoComponents }))._id;
    await seedRecipients(id, 1, 1, 'sent');
    await seedRecipients(id, 2, 1, 'delivered');
    await seedRecipients(id, 3, 46, 'read');
    await seedRecipients(id, 49, 2, 'failed');
    await seedRecipients(id, 51, 1, 'skipped');
    // Running with nobody left to send: the dispatch finishes it, as after its last send.
    await sql(`UPDATE campaigns SET status = 'running', started_at = now() WHERE id = $1`, [Number(id)]);
    await eventually(async () => (await campaignStatus(t, admin, id)).status === 'completed');
  });

  it('adds up on every answer: sent includes delivered includes read, failed apart', async () => {
    expect((await get(`/api/campaign/campaigns/${id}`)).json().campaign.counts).toEqual(funnel);
    expect((await campaignStatus(t, admin, id)).counts).toEqual(funnel);
    const listed = (await get('/api/campaign/campaigns?search=Newcomer')).json().campaigns;
    expect(listed.map((c: { counts: CampaignCounts }) => c.counts)).toEqual([funnel]);
    const { report } = (await get(`/api/campaign/campaigns/${id}/report`)).json();
    expect(report.counts).toEqual(funnel);
    expect(report.rates).toMatchObject({ sent: 48, deliveryRate: 97.9, readRate: 97.9 });
    const reports = (await get('/api/campaign/campaigns/reports?search=Newcomer')).json().reports;
    expect(reports.map((r: { counts: CampaignCounts }) => r.counts)).toEqual([funnel]);
  });

  it('says the same in the activity of its end', async () => {
    const { activities } = (await get('/api/activities?type=campaign_completed&limit=50')).json();
    const finished = activities.find((a: { data: { name?: string } }) => a.data.name === 'Newcomer');
    expect(finished.data.details).toBe('48 sent, 47 delivered, 46 read, 2 failed, 1 skipped');
  });

  it('keeps its counters live when statuses come after the end', async () => {
    const { businessAccountId, phoneNumberId, appSecret } = t.ctx.config.whatsapp;
    const [recipient] = (
      await sql(`SELECT id, wamid FROM campaign_recipients WHERE campaign_id = $1 AND state = 'delivered'`, [Number(id)])
    ).rows as { id: number; wamid: string }[];
    const payload = statusPayload(
      { wabaId: businessAccountId, phoneNumberId, displayPhoneNumber: '15550100001' },
      {
        wamid: recipient?.wamid as string,
        status: 'read',
        recipientId: '447700800002',
        callbackData: callbackDataOf(Number(recipient?.id)),
      },
    );
    expect((await postWebhook(t.baseUrl, payload, { secret: appSecret })).status).toBe(200);
    const event = await eventually(async () =>
      log.events.find(
        (e) => e.event === 'campaign_progress' && e.payload.campaignId === id && (e.payload.counts as CampaignCounts).read === 47,
      ),
    );
    expect(event.payload).toMatchObject({ status: 'completed', counts: { ...funnel, read: 47 } });
  });
});

describe('a campaign’s replies and its messages in template analytics', () => {
  const customers = [phone(101), phone(102), phone(103)].map((p, k) => ({ phone: p, name: `Cust ${k}`, variables: { code: `R${k}` } }));
  let id: string;

  beforeAll(async () => {
    const campaign = await campaignWithContacts(t, admin, { name: 'Replies', templateId: template.id, ratePerSecond: 50 }, customers);
    id = campaign._id;
    expect((await campaignAction(t, admin, id, 'start')).statusCode).toBe(200);
    await eventually(async () => (await campaignStatus(t, admin, id)).status === 'completed', 15_000);
  });

  it('counts customers who wrote back within 24 hours of their message, not later ones nor the silent', async () => {
    // The second customer's campaign message went out 25 hours ago: what they write now is no reply to it.
    await sql(
      `UPDATE messages SET timestamp = timestamp - interval '25 hours'
       WHERE id = (SELECT message_id FROM campaign_recipients WHERE campaign_id = $1 AND phone = $2)`,
      [Number(id), phone(102)],
    );
    await customerWrites(t, { from: phone(101).slice(1), text: 'Yes please' });
    await customerWrites(t, { from: phone(102).slice(1), text: 'Too late?' });
    const { report } = (await get(`/api/campaign/campaigns/${id}/report`)).json();
    expect(report.replied).toBe(1);
  });

  it('names the campaign as the sender of its messages', async () => {
    const res = await get('/api/analytics/templates/messages?templateName=funnel_promo&limit=50');
    expect(res.statusCode).toBe(200);
    const rows = res.json().messages as { sender: unknown; campaign: unknown }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ sender: null, campaign: { id, name: 'Replies' } });
  });
});

describe('a scheduled campaign once started', () => {
  it('still says when it was scheduled for', async () => {
    const campaign = await campaignWithContacts(t, admin, { name: 'On time', templateId: template.id }, [
      { phone: phone(201), name: 'Sam', variables: { code: 'S1' } },
    ]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await campaignAction(t, admin, campaign._id, 'schedule', { scheduleTime: later })).statusCode).toBe(200);
    // Its time comes.
    const due = new Date(Date.now() - 1_000);
    await sql('UPDATE campaigns SET schedule_time = $2 WHERE id = $1', [Number(campaign._id), due]);
    await eventually(async () => (await campaignStatus(t, admin, campaign._id)).status !== 'scheduled', 15_000);
    const { campaign: started } = (await get(`/api/campaign/campaigns/${campaign._id}`)).json();
    expect(started.status).not.toBe('failed');
    expect(started.scheduleTime).toBe(due.toISOString());
    expect(started.startedAt).not.toBeNull();
  });
});
