import type { CampaignStatus } from '@wac/contract/campaign-states';
import { type CampaignCounts, type CampaignProgressEvent, campaignEventNames } from '@wac/contract/campaigns';
import type { CampaignDeps } from './campaign-deps.ts';
import { countsOf, stampProgress } from './campaigns.repository.ts';

/** At most two progress events a second per campaign, across every server process. */
const EVENT_GAP_MS = 500;

interface Stamp {
  status: CampaignStatus;
  statusReason: string | null;
  previousAt: Date | null;
  previousAccepted: number;
  at: Date;
}

/** Stamps the campaign with this event's time and count, unless another went out within the gap (then null). */
async function stamp(deps: CampaignDeps, campaignId: number, accepted: number, throttled: boolean): Promise<Stamp | null> {
  const row = await stampProgress(deps.db, campaignId, accepted, throttled, EVENT_GAP_MS / 1000);
  if (!row) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    status: row.status,
    statusReason: row.status_reason,
    previousAt: date(row.prev_at),
    previousAccepted: row.prev,
    at: date(row.at) as Date,
  };
}

/** Accepted per second since the previous event (within the last ten seconds), and the time left at that pace. */
function paceOf(counts: CampaignCounts, stamped: Stamp) {
  const seconds = stamped.previousAt ? (stamped.at.getTime() - stamped.previousAt.getTime()) / 1000 : 0;
  const rate = seconds > 0 && seconds <= 10 ? Math.max(0, (counts.sent - stamped.previousAccepted) / seconds) : 0;
  const left = counts.pending + counts.sending;
  return {
    ratePerSecond: Math.round(rate * 10) / 10,
    etaSeconds: rate > 0 && stamped.status === 'running' ? Math.ceil(left / rate) : null,
  };
}

async function emit(deps: CampaignDeps, campaignId: number, throttled: boolean): Promise<void> {
  const counts = await countsOf(deps.db, campaignId);
  const stamped = await stamp(deps, campaignId, counts.sent, throttled);
  if (!stamped) return;
  const event: CampaignProgressEvent = {
    campaignId: String(campaignId),
    status: stamped.status,
    statusReason: stamped.statusReason,
    counts,
    ...paceOf(counts, stamped),
    at: stamped.at.toISOString(),
  };
  deps.realtime.toAdmins(campaignEventNames.progress, event);
}

/** A progress event now, whatever the gap: the campaign's status changed. */
export function emitProgressNow(deps: CampaignDeps, campaignId: number): Promise<void> {
  return emit(deps, campaignId, false).catch((err) => deps.log.warn({ err, campaignId }, 'campaign progress event failed'));
}

/**
 * Progress while sending: each process skips the database unless its own last event is half a second old. Statuses
 * that come later (delivered and read, after a pause or the end too) announce theirs within the half second.
 */
export function createCampaignProgress(deps: CampaignDeps) {
  const lastTried = new Map<number, number>();
  const due = new Set<number>();
  const tryNow = (campaignId: number, throttled: boolean) => {
    lastTried.set(campaignId, Date.now());
    return emit(deps, campaignId, throttled).catch((err) => deps.log.warn({ err, campaignId }, 'campaign progress event failed'));
  };
  return {
    async maybeEmit(campaignId: number): Promise<void> {
      if (Date.now() - (lastTried.get(campaignId) ?? 0) < EVENT_GAP_MS) return;
      await tryNow(campaignId, true);
    },

    /** An event for a committed change, sent once this process's last one is half a second old; one waits per campaign. */
    soon(campaignId: number): void {
      if (due.has(campaignId)) return;
      due.add(campaignId);
      const wait = Math.max(0, EVENT_GAP_MS - (Date.now() - (lastTried.get(campaignId) ?? 0)));
      setTimeout(() => {
        due.delete(campaignId);
        void tryNow(campaignId, false);
      }, wait).unref();
    },
  };
}

export type CampaignProgress = ReturnType<typeof createCampaignProgress>;
