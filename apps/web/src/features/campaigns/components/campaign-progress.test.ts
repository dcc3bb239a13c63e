import { describe, expect, it } from 'vitest';
import { campaignCounts } from './campaign-counts.fixture';
import { progressPercent, progressText, settledCount, withProgress } from './campaign-progress';

describe('campaign progress', () => {
  it('counts sent (delivered and read included), failed and skipped recipients over the total', () => {
    const c = campaignCounts({ total: 20, pending: 8, sending: 2, sent: 6, delivered: 3, read: 1, failed: 3, skipped: 1 });
    expect(settledCount(c)).toBe(10);
    expect(progressPercent(c)).toBe(50);
  });

  it('counts recipients held back by Meta as done for now: a retry puts them back in the queue', () => {
    const c = campaignCounts({ total: 10, sent: 7, delivered: 7, held: 3 });
    expect(settledCount(c)).toBe(10);
    expect(progressText(c)).toBe('10 of 10 · 100%');
  });

  it('is 0 for an empty campaign and never passes 100', () => {
    expect(progressPercent(campaignCounts({}))).toBe(0);
    expect(progressPercent(campaignCounts({ total: 2, sent: 3 }))).toBe(100);
  });

  it('says in words the whole percent the bar shows, rounded down so 100% means done', () => {
    const c = campaignCounts({ total: 48, pending: 1, sent: 47, delivered: 40, read: 30 });
    expect(progressPercent(c)).toBe(97);
    expect(progressText(c)).toBe('47 of 48 · 97%');
  });

  it('applies a progress event to its own campaign only', () => {
    const campaign = { _id: '7', status: 'running' as const, statusReason: null, counts: campaignCounts({ total: 4, pending: 4 }) };
    const event = {
      campaignId: '7',
      status: 'completed' as const,
      statusReason: null,
      counts: campaignCounts({ total: 4, sent: 4, delivered: 4, read: 4 }),
      ratePerSecond: 2,
      etaSeconds: null,
      at: '2026-01-01T00:00:00.000Z',
    };
    expect(withProgress(campaign, event)).toEqual({ ...campaign, status: 'completed', counts: event.counts });
    expect(withProgress({ ...campaign, _id: '8' }, event)._id).toBe('8');
    expect(withProgress({ ...campaign, _id: '8' }, event).status).toBe('running');
  });
});
