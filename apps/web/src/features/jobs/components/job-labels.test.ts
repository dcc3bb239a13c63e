import { describe, expect, it } from 'vitest';
import { errorHeadline, failureName, howItRuns, jobsSummary } from './job-labels';

describe('job labels', () => {
  it('says a scheduled kind runs on its period and a claim loop when work arrives', () => {
    expect(howItRuns({ mechanism: 'scheduled', everySeconds: 60 })).toBe('Every 1 min');
    expect(howItRuns({ mechanism: 'scheduled', everySeconds: 600 })).toBe('Every 10 min');
    expect(howItRuns({ mechanism: 'scheduled', everySeconds: null })).toBe('On a schedule');
    expect(howItRuns({ mechanism: 'claim', everySeconds: null })).toBe('When work arrives');
  });

  it('names a failure by its id and its kind', () => {
    expect(failureName({ title: 'Process webhook events' }, { id: '12' })).toBe('job 12 of Process webhook events');
  });

  it('sums the failed jobs of every kind', () => {
    expect(jobsSummary([])).toBe('0 kinds of background work, none failed.');
    expect(jobsSummary([{ failed: 0 }])).toBe('1 kind of background work, none failed.');
    expect(jobsSummary([{ failed: 1 }, { failed: 0 }])).toBe('2 kinds of background work; 1 failed job waits for a retry.');
    expect(jobsSummary([{ failed: 2 }, { failed: 3 }])).toBe('2 kinds of background work; 5 failed jobs wait for a retry.');
  });

  it('heads an error with its first line, cut short when long', () => {
    expect(errorHeadline('Graph API timed out')).toBe('Graph API timed out');
    expect(errorHeadline('Failed query: \n    INSERT INTO messages\nparams: 1')).toBe('Failed query:');
    expect(errorHeadline('\n  \n  second line first  ')).toBe('second line first');
    expect(errorHeadline('')).toBe('');
    const long = errorHeadline('x'.repeat(500));
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });
});
