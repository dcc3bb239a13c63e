import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { CleanupTally, MaintenanceRun } from '@wac/contract/cleanup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOf, tallyOf } from '../maintenance-test-fixtures';
import { CleanupRunView } from './cleanup-run-view';

afterEach(cleanup);

const tally = tallyOf;
const run = (patch: Partial<MaintenanceRun>) => runOf({ id: 4, items: [tally('messages', 300)], ...patch });

const totals = [tally('messages', 1200), tally('activities', 40)];

/** `counted` null: the preview is not known. */
function renderRun(shown: MaintenanceRun, counted: CleanupTally[] | null = totals) {
  const onStop = vi.fn();
  render(<CleanupRunView kind="database_cleanup" run={shown} totals={counted ?? undefined} onStop={onStop} stopPending={false} />);
  return { region: screen.getByRole('region', { name: /^(Cleanup|Dry run) (under way|finished)$/ }), onStop };
}

describe('CleanupRunView', () => {
  it('shows a bar per collection towards what the preview counted, and stops on request', () => {
    const { region, onStop } = renderRun(run({}));
    expect(within(region).getByRole('heading', { name: 'Cleanup under way' })).toBeTruthy();
    expect(within(region).getByRole('progressbar', { name: 'Messages' }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(region).getByRole('progressbar', { name: 'Activities' }).getAttribute('aria-valuenow')).toBe('0');
    expect(region.textContent).toContain('300 of 1,200 messages · 25%');
    expect(region.textContent).toContain('Deleted so far 300 messages.');
    fireEvent.click(within(region).getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('says a stop is on its way and offers it no more', () => {
    const { region } = renderRun(run({ status: 'stopping' }));
    expect(within(region).getByRole('status').textContent).toBe('Stopping');
    expect((within(region).getByRole('button', { name: 'Stopping after this batch' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows how a run ended, with its error, and no Stop', () => {
    const failed = run({ status: 'failed', error: 'disk full', finishedAt: '2026-11-29T08:01:00.000Z' });
    const { region } = renderRun(failed);
    expect(within(region).getByRole('heading', { name: 'Cleanup finished' })).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('Failed');
    expect(within(region).getByText('disk full')).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('shows counts without bars when the preview is not known (the page opened during the run)', () => {
    const { region } = renderRun(run({}), null);
    expect(within(region).queryByRole('progressbar')).toBeNull();
    expect(region.textContent).toContain('300 messages so far');
  });

  it('shows a dry run’s result as what would go, without bars', () => {
    const { region } = renderRun(run({ dryRun: true, status: 'completed', items: [tally('messages', 12)] }));
    expect(within(region).getByRole('heading', { name: 'Dry run finished' })).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
    expect(region.textContent).toContain('Would delete 12 messages.');
  });
});
