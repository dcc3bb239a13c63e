import type { DatabaseSizes, OptimizeResult } from '@wac/contract/maintenance';
import { describe, expect, it } from 'vitest';
import { formatMs, optimizeSummary } from './optimize-result';
import { optimizeRows } from './optimize-rows';

const figures = (indexBytes: number) => ({ rows: 10, tableBytes: 8192, indexBytes, totalBytes: 8192 + indexBytes });

const sizes = (messagesIndex: number, statusesIndex: number): DatabaseSizes => ({
  collections: [
    {
      collection: 'messages',
      ...figures(messagesIndex + statusesIndex),
      tables: [
        { table: 'messages', ...figures(messagesIndex) },
        { table: 'early_statuses', ...figures(statusesIndex) },
      ],
    },
  ],
  total: figures(messagesIndex + statusesIndex),
  measuredAt: '2026-11-29T08:00:00.000Z',
});

const step = (table: string, operation: 'reIndex' | 'stats', durationMs: number, error: string | null = null) => ({
  collection: 'messages' as const,
  table,
  operation,
  statement: `${operation} ${table}`,
  durationMs,
  ok: error === null,
  error,
});

const result: OptimizeResult = {
  operations: ['reIndex', 'stats'],
  collections: ['messages'],
  startedAt: '2026-11-29T08:00:00.000Z',
  finishedAt: '2026-11-29T08:00:01.500Z',
  durationMs: 1500,
  steps: [
    step('messages', 'reIndex', 900),
    step('messages', 'stats', 40),
    step('early_statuses', 'reIndex', 300, 'could not obtain lock'),
    step('early_statuses', 'stats', 10),
  ],
  failedSteps: 1,
  before: sizes(500_000, 20_000),
  after: sizes(120_000, 20_000),
};

describe('an optimize’s result', () => {
  it('sums each operation’s time by collection, with the sizes before and after and the failures', () => {
    const [messages] = optimizeRows(result);
    expect(messages).toMatchObject({
      collection: 'messages',
      times: { reIndex: 1200, stats: 50 },
      errors: ['early_statuses: could not obtain lock'],
      before: { indexBytes: 520_000 },
      after: { indexBytes: 140_000 },
    });
  });

  it('keeps every table of the collection with its own times and sizes', () => {
    const tables = optimizeRows(result)[0]?.tables ?? [];
    expect(tables.map((t) => [t.name, t.times, t.before?.indexBytes, t.after?.indexBytes, t.errors.length])).toEqual([
      ['messages', { reIndex: 900, stats: 40 }, 500_000, 120_000, 0],
      ['early_statuses', { reIndex: 300, stats: 10 }, 20_000, 20_000, 1],
    ]);
  });

  it('is summed up in a sentence, with timings a person reads', () => {
    expect(optimizeSummary(result)).toBe('Optimized 1 collection in 1.5 s; 1 step failed');
    expect(optimizeSummary({ collections: ['messages', 'contacts'], durationMs: 12, failedSteps: 0 })).toBe(
      'Optimized 2 collections in 12 ms',
    );
    expect([formatMs(0), formatMs(999.4), formatMs(999.6), formatMs(2040), formatMs(185_000)]).toEqual([
      '0 ms',
      '999 ms',
      '1 s',
      '2 s',
      '3 min 5 s',
    ]);
  });
});
