import type { CleanupStatus, MaintenanceRun } from '@wac/contract/cleanup';
import { describe, expect, it } from 'vitest';
import { runOf, tallyOf } from '../maintenance-test-fixtures';
import { withRun } from './run-updates';

const run = (id: number, patch: Partial<MaintenanceRun> = {}) =>
  runOf({ id, kind: 'storage_cleanup', options: {}, startedBy: null, ...patch });

const tally = (count: number) => [tallyOf('uploads', count, count)];

describe('a run told live', () => {
  const idle: CleanupStatus = { running: null, history: [run(1, { status: 'completed' })] };

  it('becomes the running one while under way, its progress replacing the last', () => {
    const started = withRun(idle, run(2));
    expect(started).toEqual({ running: run(2), history: idle.history });
    expect(withRun(started, run(2, { items: tally(40) })).running?.items).toEqual(tally(40));
  });

  it('heads the history once it ended, and nothing runs any more', () => {
    const ended = run(2, { status: 'completed', items: tally(90), finishedAt: '2026-11-29T08:01:00.000Z' });
    expect(withRun({ running: run(2), history: idle.history }, ended)).toEqual({ running: null, history: [ended, ...idle.history] });
  });

  it('keeps a stop asked for shown: progress events carry the status the run started with', () => {
    const stopping = { running: run(2, { status: 'stopping' as const }), history: [] };
    expect(withRun(stopping, run(2, { items: tally(5) })).running).toMatchObject({ status: 'stopping', items: tally(5) });
  });

  it('ignores progress of a run already shown as ended (news that came late)', () => {
    const ended: CleanupStatus = { running: null, history: [run(2, { status: 'stopped' })] };
    expect(withRun(ended, run(2, { items: tally(5) }))).toBe(ended);
  });

  it('leaves the running one of another id alone when an older run’s end arrives', () => {
    const status: CleanupStatus = { running: run(3), history: [] };
    expect(withRun(status, run(2, { status: 'interrupted' }))).toEqual({ running: run(3), history: [run(2, { status: 'interrupted' })] });
  });
});
