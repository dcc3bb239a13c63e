import type { Template } from '@wac/contract/templates';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SendCounts } from '../../whatsapp/sandbox/send-counter.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { campaignAction, campaignStatus, campaignWithContacts, promoTemplate } from './test/campaign-test-kit.ts';
import { peerEnv, type ServerProcess, startServerProcess } from './test/server-process.ts';

// Two server processes on one database: A (this file's app, in sandbox mode) is Meta for both, counting every send
// its Graph accepted and posting the statuses to its own webhook; B (a child process) calls A's Graph with A's
// credentials. Every count of sends below is taken at the Graph side.

const GRACE = { CAMPAIGN_IN_DOUBT_GRACE_MS: '2000' };
let a: ListeningTestApp;
let b: ServerProcess | undefined;
let admin: string;
let template: Template;

beforeAll(async () => {
  a = await createListeningTestApp({ env: { SANDBOX_TEMPLATE_REVIEW_MS: '50', ...GRACE } });
  admin = await a.adminToken();
  template = await promoTemplate(a, admin, 'crash_promo');
  b = await startServerProcess(peerEnv(a, GRACE));
});
afterAll(async () => {
  await b?.dispose();
  await a?.close();
});

const control = (method: 'GET' | 'DELETE') =>
  fetch(`${a.baseUrl}/sandbox/control/sends`, { method, headers: { authorization: `Bearer ${admin}` } });
const graphSends = async () => (await (await control('GET')).json()) as SendCounts;

let phoneSeq = 0;
function contacts(n: number) {
  return Array.from({ length: n }, () => {
    phoneSeq += 1;
    return { phone: `+4477012${String(phoneSeq).padStart(5, '0')}`, name: `Cust ${phoneSeq}`, variables: { code: `C${phoneSeq}` } };
  });
}

const campaignWith = (list: { phone: string }[], ratePerSecond: number) =>
  campaignWithContacts(a, admin, { name: 'Crash', templateId: template.id, ratePerSecond }, list);
const statusOf = (id: string) => campaignStatus(a, admin, id);
const completed = (id: string, timeoutMs: number) =>
  eventually(async () => {
    const s = await statusOf(id);
    return s.status === 'completed' ? s : null;
  }, timeoutMs);
const count = async (query: SQL) => (await a.ctx.database.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0;

/**
 * Waits until no status Meta posted waits to be processed and no recipient called unknown carries a wamid (Meta
 * accepted it, so its answer or statuses are about to settle it): what is unknown then never reached the Graph, and
 * retrying it sends it once.
 */
const statusesSettled = (campaignId: string) =>
  eventually(async () => {
    const waiting = await count(sql`SELECT count(*)::int AS n FROM webhook_events WHERE processed_at IS NULL`);
    const accepted = await count(sql`
      SELECT count(*)::int AS n FROM campaign_recipients
      WHERE campaign_id = ${Number(campaignId)} AND state = 'unknown' AND wamid IS NOT NULL`);
    return waiting === 0 && accepted === 0;
  }, 15_000);

/** Every recipient's sends at the Graph side: how many got none, how many more than one, the total, the busiest second. */
async function graphTally(list: { phone: string }[]) {
  const { byRecipient, total, perSecond } = await graphSends();
  const per = list.map((c) => byRecipient[c.phone.replace('+', '')] ?? 0);
  return {
    total,
    lost: per.filter((n) => n === 0).length,
    twice: per.filter((n) => n > 1).length,
    busiestSecond: Math.max(0, ...perSecond.map((s) => s.count)),
  };
}

describe('a campaign sent by several server processes', () => {
  it('is sent by both processes, each recipient exactly once', async () => {
    await control('DELETE');
    const list = contacts(400);
    const campaign = await campaignWith(list, 100);
    // At 100/s the campaign lasts 4 s: A, which learns of it on its 1 s pass, has time to take its share even on a busy machine.
    // This process's fetch calls to /messages are A's own sends; whatever else A's Graph accepted came from B.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let byA = 0;
    let unknownAtCompletion = 0;
    try {
      const started = await fetch(`${b?.baseUrl}/api/campaign/campaigns/${campaign._id}/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(started.status).toBe(200);
      unknownAtCompletion = (await completed(campaign._id, 20_000)).counts.unknown;
      // Sends called unknown while still under way are settled by their answer's statuses shortly after.
      await eventually(async () => {
        const { counts } = await statusOf(campaign._id);
        return counts.sent === 400;
      }, 15_000);
      byA = fetchSpy.mock.calls.filter(([url, init]) => String(url).endsWith('/messages') && init?.method === 'POST').length;
    } finally {
      fetchSpy.mockRestore();
    }
    const final = await statusOf(campaign._id);
    const tally = await graphTally(list);
    console.log(
      `two processes, 400 recipients at 100/s: A sent ${byA}, B sent ${tally.total - byA}; busiest second at the Graph ` +
        `${tally.busiestSecond}; ${unknownAtCompletion} sends still under way past the grace were called unknown at completion`,
    );
    expect(tally).toMatchObject({ total: 400, lost: 0, twice: 0 });
    expect(final.counts).toMatchObject({ total: 400, pending: 0, sending: 0, failed: 0, unknown: 0 });
    expect(byA).toBeGreaterThan(0);
    expect(tally.total - byA).toBeGreaterThan(0);
  }, 30_000);

  it('loses no recipient and sends none twice when the sending process is killed mid-campaign and restarted', async () => {
    // A keeps serving the API, the Graph and the webhook intake, but its background work stops: B alone claims,
    // sends and processes the statuses, so the crash takes every send under way with it.
    await a.ctx.jobs.stop();
    await control('DELETE');
    const list = contacts(600);
    const campaign = await campaignWith(list, 100);
    expect((await campaignAction(a, admin, campaign._id, 'start')).statusCode).toBe(200);

    await eventually(async () => (await graphSends()).total >= 200, 15_000);
    await b?.crash();
    const sentAtKill = (await graphSends()).total;
    const inDoubt = await count(sql`
      SELECT count(*)::int AS n FROM campaign_recipients WHERE campaign_id = ${Number(campaign._id)} AND state = 'sending'`);
    await b?.restart();

    // B is the only dispatcher: once it calls the campaign completed, none of its sends is under way.
    const first = await completed(campaign._id, 25_000);
    await statusesSettled(campaign._id);
    const unknown = (await statusOf(campaign._id)).counts.unknown;
    if (unknown > 0) {
      expect((await campaignAction(a, admin, campaign._id, 'retry-failed')).statusCode).toBe(200);
      await eventually(async () => {
        const s = await statusOf(campaign._id);
        return s.status === 'completed' && s.counts.pending + s.counts.sending + s.counts.unknown === 0;
      }, 15_000);
    }
    const final = await statusOf(campaign._id);
    const tally = await graphTally(list);
    console.log(
      `crash: B killed after ${sentAtKill} of 600 sends, holding ${inDoubt} claimed recipients whose outcome it had not ` +
        `recorded; ${first.counts.unknown} were called unknown at completion, ${unknown} still were once every status ` +
        `was processed, and were retried; at the Graph: ${tally.total} sends, ${tally.lost} recipients without one, ` +
        `${tally.twice} with two or more`,
    );
    expect(tally).toMatchObject({ total: 600, lost: 0, twice: 0 });
    expect(final.counts).toMatchObject({ total: 600, pending: 0, sending: 0, failed: 0, unknown: 0 });
  }, 50_000);
});
