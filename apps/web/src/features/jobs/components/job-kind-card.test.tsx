import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { JobKindSummary } from '@wac/contract/jobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobKindCard } from './job-kind-card';

afterEach(cleanup);

const now = new Date('2025-01-01T10:00:00.000Z');

const signInCleanup: JobKindSummary = {
  name: 'auth.sign-in-cleanup',
  title: 'End expired sessions and forget old sign-in attempts',
  mechanism: 'scheduled',
  everySeconds: 60,
  queued: 1,
  running: 0,
  failed: 0,
  nextRunAt: '2025-01-01T10:00:40.000Z',
  failures: [],
};

const webhooks: JobKindSummary = {
  name: 'messaging.webhook-events',
  title: 'Process webhook events',
  mechanism: 'claim',
  everySeconds: null,
  queued: 3,
  running: null,
  failed: 1,
  nextRunAt: null,
  failures: [{ id: '12', error: 'invalid input syntax for type timestamp', failedAt: '2025-01-01T09:55:00.000Z', attempts: 5 }],
};

function renderCard(kind: JobKindSummary) {
  const onRun = vi.fn();
  const onRetry = vi.fn();
  render(<JobKindCard kind={kind} now={now} runPending={false} onRun={onRun} retrying={null} onRetry={onRetry} />);
  return { card: screen.getByRole('region', { name: kind.title }), onRun, onRetry };
}

describe('JobKindCard', () => {
  it('shows a scheduled kind with its period, next run and a run-now button named after it', () => {
    const { card, onRun } = renderCard(signInCleanup);
    expect(card.textContent).toContain('auth.sign-in-cleanup');
    expect(card.textContent).toContain('Every 1 min');
    expect(within(card).getByText('in a few seconds')).toBeTruthy();
    expect(within(card).getByText('No failures.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Run now: End expired sessions and forget old sign-in attempts' }));
    expect(onRun).toHaveBeenCalledOnce();
  });

  it('folds a long error under its first line', () => {
    const error = 'Failed query: \n    INSERT INTO messages\nparams: 5,Invalid Date';
    const { card } = renderCard({ ...webhooks, failures: [{ ...webhooks.failures[0]!, error }] });
    const summary = within(card).getByText('Failed query:');
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary.parentElement?.textContent).toContain('params: 5,Invalid Date');
  });

  it('shows a claim loop without a run-now button, explains its missing running count and retries a failure', () => {
    const { card, onRetry } = renderCard(webhooks);
    expect(card.textContent).toContain('When work arrives');
    expect(within(card).queryByRole('button', { name: /Run now/ })).toBeNull();
    expect(within(card).getByText(/^Not measured/)).toBeTruthy();
    const table = within(card).getByRole('table', { name: 'Failures of Process webhook events' });
    expect(within(table).getByText('invalid input syntax for type timestamp')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Retry job 12 of Process webhook events' }));
    expect(onRetry).toHaveBeenCalledWith(webhooks.failures[0]);
  });
});
