import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { maintenanceKeys, maintenanceQueryKey } from '../api/maintenance-query-keys';
import { runOf, tallyOf } from '../maintenance-test-fixtures';
import { DatabaseCleanupPanel } from './database-cleanup-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const past = runOf({
  id: 3,
  status: 'interrupted',
  options: { days: 90, collections: ['messages'], archiveBeforeDelete: true, batchSize: 1000, criteria: {} },
  items: [tallyOf('messages', 2500)],
  archives: ['messages-3-20261101T101500Z.jsonl.gz'],
  error: 'The server running it stopped; what it did before is kept',
  startedAt: '2026-11-01T10:15:00.000Z',
  finishedAt: '2026-11-01T10:16:00.000Z',
});

/** The queries are seeded and never fetched: the panel calls the server only when a button asks it to. */
function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryDefaults(maintenanceQueryKey, { enabled: false });
  client.setQueryData(maintenanceKeys.status('database_cleanup'), { running: null, history: [past] });
  client.setQueryData(maintenanceKeys.archives, {
    archives: [{ name: past.archives[0], bytes: 52_000, createdAt: '2026-11-01T10:16:00.000Z' }],
  });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <DatabaseCleanupPanel />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('DatabaseCleanupPanel', () => {
  it('lists past runs with who, how, how they ended and what they did, and the archives to download', () => {
    renderPanel();
    const history = screen.getByRole('region', { name: 'History' });
    const row = within(history).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('admin');
    expect(row.textContent).toContain('older than 90 days, archived first, batches of 1,000');
    expect(row.textContent).toContain('Interrupted');
    expect(row.textContent).toContain('The server running it stopped');
    expect(row.textContent).toContain('Deleted 2,500 messages');
    const archives = screen.getByRole('region', { name: 'Archives' });
    expect(within(archives).getByRole('cell', { name: past.archives[0] })).toBeTruthy();
    expect(within(archives).getByText('50.8 KB')).toBeTruthy();
    expect(within(archives).getByRole('button', { name: `Download ${past.archives[0]}` })).toBeTruthy();
  });

  it('offers the criteria of the collections chosen only', () => {
    renderPanel();
    expect(screen.getByRole('group', { name: 'Which messages' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Messages' }));
    expect(screen.queryByRole('group', { name: 'Which messages' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Which activities' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Read' })).toBeTruthy();
  });

  it('refuses a batch size out of range under its field, without asking the server', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPanel();
    fireEvent.change(screen.getByLabelText('Batch size'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('batchSize must be at least 1')).toBeTruthy();
    expect(screen.getByLabelText('Batch size').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Run cleanup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
