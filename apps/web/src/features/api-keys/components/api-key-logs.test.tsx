import type { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ApiKeyLogEntry } from '@wac/contract/api-keys';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyLogList, ApiKeyLogsQuery } from '../api/api-key-logs';
import { apiKeyKeys } from '../api/api-key-query-keys';
import { renderWithCache } from '../api-keys-test-kit';
import { ApiKeyLogs } from './api-key-logs';

afterEach(cleanup);

const log = (patch: Partial<ApiKeyLogEntry>): ApiKeyLogEntry => ({
  id: 1,
  at: '2026-05-10T11:00:00.000Z',
  method: 'POST',
  path: '/api/send-text',
  status: 201,
  latencyMs: 12.4,
  ip: '203.0.113.7',
  errorCode: null,
  messageId: 77,
  phone: '447700900123',
  replayed: false,
  calls: 1,
  ...patch,
});

const listOf = (logs: ApiKeyLogEntry[], total = logs.length): ApiKeyLogList => ({
  logs,
  pagination: { page: 1, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)) },
});

/** Each query the filters may build is seeded with its own answer: the rows shown tell which query the table asked for. */
function renderLogs(answers: [ApiKeyLogsQuery, ApiKeyLogList][]) {
  return renderWithCache(<ApiKeyLogs keyId={5} />, (client: QueryClient) => {
    for (const [query, list] of answers) client.setQueryData(apiKeyKeys.logs(5, query), list);
  });
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('ApiKeyLogs', () => {
  it('shows each call: time, method, path, status, latency, IP, error code and message', () => {
    renderLogs([
      [
        { page: 1, limit: 20 },
        listOf([log({}), log({ id: 2, status: 429, errorCode: 'RATE_LIMIT_EXCEEDED', messageId: null, ip: null, latencyMs: 0.6 })]),
      ],
    ]);
    const [sent, limited] = rows();
    expect(within(sent!).getByText('POST')).toBeTruthy();
    expect(within(sent!).getByText('/api/send-text')).toBeTruthy();
    expect(within(sent!).getByText('201').className).toContain('badge-success');
    expect(within(sent!).getByText('12 ms')).toBeTruthy();
    expect(within(sent!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(sent!).getByText('#77')).toBeTruthy();
    expect(within(sent!).getByText('2026-05-10 11:00')).toBeTruthy();
    expect(within(limited!).getByText('429').className).toContain('badge-warning');
    expect(within(limited!).getByText('RATE_LIMIT_EXCEEDED')).toBeTruthy();
  });

  it('marks idempotent replays, links each message to its conversation and counts folded refusals', () => {
    renderLogs([
      [
        { page: 1, limit: 20 },
        listOf([
          log({ id: 1, replayed: true }),
          log({ id: 2, messageId: 78, phone: null }),
          log({ id: 3, status: 401, errorCode: 'UNAUTHORIZED', messageId: null, phone: null, calls: 9990 }),
        ]),
      ],
    ]);
    const [replay, gone, folded] = rows();
    expect(within(replay!).getByText('Replayed')).toBeTruthy();
    const link = within(replay!).getByRole('link', { name: 'Message #77 in its conversation' });
    expect(link.getAttribute('href')).toBe('/chat?phone=447700900123');
    expect(within(gone!).queryByText('Replayed')).toBeNull();
    expect(within(gone!).queryByRole('link')).toBeNull();
    expect(within(gone!).getByText('#78')).toBeTruthy();
    expect(within(folded!).getByText('× 9,990 calls')).toBeTruthy();
    expect(within(replay!).queryByText(/calls$/)).toBeNull();
  });

  it('asks for the errors, one status, a path and days as the filters say, each from page 1', () => {
    renderLogs([
      [{ page: 1, limit: 20 }, listOf([log({ id: 1, path: '/api/send-text' })], 45)],
      [{ page: 2, limit: 20 }, listOf([log({ id: 21, path: '/api/page-two' })], 45)],
      [{ page: 1, limit: 20, status: 'errors' }, listOf([log({ id: 3, status: 400, path: '/api/any-error' })])],
      [{ page: 1, limit: 20, status: 403 }, listOf([log({ id: 4, status: 403, path: '/api/forbidden' })])],
      [
        { page: 1, limit: 20, status: 403, from: '2026-05-01T00:00:00.000Z', to: '2026-05-02T23:59:59.999Z' },
        listOf([log({ id: 5, status: 403, path: '/api/in-range' })]),
      ],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('/api/page-two')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'errors' } });
    expect(screen.getByText('/api/any-error')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '403' } });
    expect(screen.getByText('/api/forbidden')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-05-02' } });
    expect(screen.getByText('/api/in-range')).toBeTruthy();
  });

  it('says so when the filters hide every call, and clears them', () => {
    renderLogs([
      [{ page: 1, limit: 20 }, listOf([log({})])],
      [{ page: 1, limit: 20, status: 500 }, listOf([])],
    ]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '500' } });
    expect(screen.getByText('No calls match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
    expect(rows()).toHaveLength(1);
  });

  it('refuses a start after the end', () => {
    renderLogs([[{ page: 1, limit: 20 }, listOf([log({})])]]);
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-05-03' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
  });
});
