import { describe, expect, it } from 'vitest';
import { campaignCountsOf } from './campaigns.ts';

describe('campaign figures', () => {
  it('count the funnel cumulatively and every other state as it is now', () => {
    const byState = { pending: 2, sending: 1, sent: 1, delivered: 1, read: 46, failed: 2, skipped: 3, unknown: 1, held: 4 };
    const counts = campaignCountsOf(byState);
    expect(counts).toEqual({
      total: 61,
      pending: 2,
      sending: 1,
      sent: 48,
      delivered: 47,
      read: 46,
      failed: 2,
      skipped: 3,
      unknown: 1,
      held: 4,
    });
    expect(counts.sent + counts.failed + counts.skipped + counts.unknown + counts.held + counts.pending + counts.sending).toBe(
      counts.total,
    );
  });

  it('are all zero for a campaign without recipients', () => {
    expect(Object.values(campaignCountsOf({})).every((n) => n === 0)).toBe(true);
  });
});
