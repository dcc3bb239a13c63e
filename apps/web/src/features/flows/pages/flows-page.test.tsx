import { cleanup, screen, within } from '@testing-library/react';
import type { FlowSummary } from '@wac/contract/flows';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderSeededPage } from '../../../lib/render-seeded-page';
import { flowKeys } from '../api/flow-query-keys';
import { type FlowList, flowListKey } from '../api/list-flows';
import { FLOWS_PAGE_SIZE, FlowsPage } from './flows-page';

afterEach(cleanup);

const firstPage = flowListKey({ page: 1, limit: FLOWS_PAGE_SIZE, search: '', isActive: '' });

function flow(patch: Partial<FlowSummary>): FlowSummary {
  return {
    _id: '1',
    id: 1,
    name: 'Greeting',
    description: 'Welcomes customers',
    isActive: false,
    triggers: { keywords: [], onNewConversation: false, isDefault: false, phoneNumberIds: [] },
    metadata: { version: 3, lastModified: '2026-05-01T10:00:00.000Z', status: 'draft' },
    updatedAt: '2026-05-01T10:00:00.000Z',
    nodeCount: 4,
    ...patch,
  };
}

const listOf = (flows: FlowSummary[]): FlowList => ({
  flows,
  pagination: { page: 1, limit: FLOWS_PAGE_SIZE, total: flows.length, totalPages: 1 },
});

/** The list query is seeded (or held back, or failed) in the cache, so the page never calls the server here. */
const renderPage = (state: { list?: FlowList; error?: ApiError }) =>
  renderSeededPage(<FlowsPage />, { lists: flowKeys.lists, firstPage, data: state.list, error: state.error });

describe('FlowsPage', () => {
  it('shows a spinner while the flows load, then the error with a way to try again', async () => {
    await renderPage({});
    expect(screen.getByRole('status', { name: 'Loading flows' })).toBeTruthy();
    cleanup();
    await renderPage({ error: new ApiError('Failed to fetch flows', 500, undefined, null) });
    expect(within(screen.getByRole('alert')).getByText('Failed to fetch flows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('invites to build the first flow when there is none', async () => {
    await renderPage({ list: listOf([]) });
    expect(screen.getByRole('heading', { name: 'No bot flows yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build your first flow' }).getAttribute('href')).toBe('/bot-flows/new');
  });

  it('lists each flow with its status, version, last change, size, triggers and actions', async () => {
    const active = flow({
      id: 2,
      name: 'Orders',
      isActive: true,
      triggers: { keywords: ['order', 'track'], onNewConversation: true, isDefault: false, phoneNumberIds: [] },
    });
    await renderPage({ list: listOf([flow({}), active]) });
    const first = screen.getByRole('row', { name: /Greeting/ });
    expect(within(first).getByText('Inactive')).toBeTruthy();
    expect(within(first).getByText('v3')).toBeTruthy();
    expect(within(first).getByText('None')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Activate Greeting' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Open Greeting' }).getAttribute('href')).toBe('/bot-flows/1');
    expect(within(first).getByText(/ago$/).getAttribute('title')).toBeTruthy();
    const second = screen.getByRole('row', { name: /Orders/ });
    expect(within(second).getByText('Active')).toBeTruthy();
    expect(within(second).getByText('order, track · new conversations')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Deactivate Orders' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Delete Orders' })).toBeTruthy();
  });
});
