import type { MaintenanceRun } from '@wac/contract/cleanup';
import { describe, expect, it } from 'vitest';
import { runOf, tallyOf } from '../maintenance-test-fixtures';
import { confirmQuestion, progressText, runOptionsText, runProgress, runSummary, tallyPhrase } from './cleanup-progress';

const run = (patch: Partial<MaintenanceRun>) =>
  runOf({
    options: { days: 30, collections: ['messages', 'activities'], archiveBeforeDelete: true, batchSize: 500, criteria: {} },
    ...patch,
  });
const tally = tallyOf;

describe('what a cleanup takes, in words', () => {
  it('names files with their size and directory, and rows with the size of their media', () => {
    expect(tallyPhrase('storage_cleanup', tally('media_storage', 1204, 3_250_586))).toBe('1,204 files (3.1 MB) from Media files');
    expect(tallyPhrase('storage_cleanup', tally('uploads', 1, 10))).toBe('1 file (10 B) from Uploads');
    expect(tallyPhrase('database_cleanup', tally('messages', 1204, 3_250_586))).toBe('1,204 messages (3.1 MB of media files)');
    expect(tallyPhrase('database_cleanup', tally('usageEvents', 1))).toBe('1 API usage event');
  });

  it('asks before deleting, naming what goes and the cut-off, and leaving out what takes nothing', () => {
    const preview = { cutoff: '2026-10-28T09:00:00.000Z', items: [tally('media_storage', 1204, 3_250_586), tally('uploads', 0)] };
    expect(confirmQuestion('storage_cleanup', preview)).toBe('Delete 1,204 files (3.1 MB) from Media files older than 2026-10-28?');
    const rows = { cutoff: preview.cutoff, items: [tally('messages', 3), tally('activities', 1), tally('usageEvents', 2)] };
    expect(confirmQuestion('database_cleanup', rows)).toBe('Delete 3 messages, 1 activity and 2 API usage events older than 2026-10-28?');
    expect(confirmQuestion('database_cleanup', { cutoff: preview.cutoff, items: [tally('messages', 0)] })).toMatch(
      /^Nothing is older than 2026-10-28/,
    );
  });

  it('sums a run up as it goes, once it ended, and for a dry run', () => {
    const items = [tally('messages', 1200), tally('activities', 0)];
    expect(runSummary(run({ items }))).toBe('Deleted so far 1,200 messages');
    expect(runSummary(run({ status: 'completed', items }))).toBe('Deleted 1,200 messages');
    expect(runSummary(run({ status: 'completed', dryRun: true, items }))).toBe('Would delete 1,200 messages');
    expect(runSummary(run({ dryRun: true }))).toBe('Counting what would go');
    expect(runSummary(run({ status: 'stopped' }))).toBe('Deleted nothing');
  });

  it('says how a run was told to work', () => {
    expect(runOptionsText(run({}))).toBe('older than 30 days, archived first, batches of 500');
    expect(runOptionsText(run({ options: { days: 1, criteria: { messages: { direction: 'inbound' } } } }))).toBe(
      'older than 1 day, with criteria',
    );
  });
});

describe('a run’s progress', () => {
  const totals = [tally('messages', 1200), tally('activities', 40)];

  it('is what each collection took of what the preview counted, in whole percent, in the order of the run', () => {
    const progress = runProgress(run({ items: [tally('messages', 300)] }), totals);
    expect(progress).toEqual([
      { name: 'messages', done: 300, total: 1200, percent: 25, ended: false },
      { name: 'activities', done: 0, total: 40, percent: 0, ended: false },
    ]);
    expect(progressText('database_cleanup', progress[0]!)).toBe('300 of 1,200 messages · 25%');
  });

  it('is full once the run completed, even when rows changed since the preview', () => {
    const progress = runProgress(run({ status: 'completed', items: [tally('messages', 1100), tally('activities', 40)] }), totals);
    expect(progress.map((p) => p.percent)).toEqual([100, 100]);
  });

  it('stays where a stopped run left it', () => {
    expect(runProgress(run({ status: 'stopped', items: [tally('messages', 600)] }), totals).map((p) => p.percent)).toEqual([50, 0]);
  });

  it('counts a collection with nothing to take as done once the run reached it', () => {
    const none = [tally('messages', 0), tally('activities', 0)];
    expect(runProgress(run({ items: [tally('messages', 0)] }), none).map((p) => p.percent)).toEqual([100, 0]);
  });

  it('takes what a run took beyond the preview as the total (rows aged past the cut-off since)', () => {
    expect(runProgress(run({ items: [tally('messages', 1300)] }), totals)[0]).toMatchObject({ done: 1300, total: 1300, percent: 100 });
  });

  it('has no bar without the preview (the page opened during the run), only the count', () => {
    const [messages] = runProgress(run({ items: [tally('messages', 300)] }), undefined);
    expect(messages).toEqual({ name: 'messages', done: 300, total: null, percent: null, ended: false });
    expect(progressText('database_cleanup', messages!)).toBe('300 messages so far');
    const storage = runProgress(
      run({ kind: 'storage_cleanup', status: 'completed', options: {}, items: [tally('uploads', 2)] }),
      undefined,
    );
    expect(progressText('storage_cleanup', storage[0]!)).toBe('2 files');
  });
});
