import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Campaign } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessNumbersQueryKey } from '../../../../lib/business-numbers';
import { campaignKeys } from '../../api/campaign-query-keys';
import { campaignFixture } from '../campaign.fixture';
import { DetailsStep } from './details-step';

const template: Template = {
  id: 3,
  metaId: '900',
  name: 'spring_sale',
  language: 'en_US',
  category: 'MARKETING',
  status: 'APPROVED',
  parameterFormat: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Spring sale: 10% off everything.' }],
  rejectedReason: null,
  previousCategory: null,
  comingCategory: null,
  usable: true,
  supported: true,
  createdBy: null,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  statusUpdatedAt: '2026-05-01T08:00:00.000Z',
};

const campaign: Campaign = campaignFixture({ actions: ['update', 'edit-contacts', 'delete', 'start'] });

/** The PUT bodies the form sends; each answered with the campaign as the server would save it. */
function mockServer() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      bodies.push(body);
      return new Response(JSON.stringify({ campaign: { ...campaign, ...body } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

function renderStep(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(campaignKeys.templates, [template]);
  client.setQueryData(businessNumbersQueryKey, { numbers: [] });
  render(
    <QueryClientProvider client={client}>
      <DetailsStep campaign={campaign} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

beforeEach(() => localStorage.setItem('token', 'secret'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DetailsStep', () => {
  it('offers retrying held-back recipients, explained, and saves the choice only once it changes', async () => {
    const bodies = mockServer();
    const onSaved = renderStep();
    const retry = screen.getByRole('checkbox', { name: 'Retry recipients Meta holds back' }) as HTMLInputElement;
    expect(retry.checked).toBe(false);
    expect(retry.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(retry.getAttribute('aria-describedby') as string)?.textContent;
    expect(hint).toContain('error 131049');
    expect(hint).toContain('after 24 hours, then 48 and 96');

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodies[0]).not.toHaveProperty('retryHeldBack');

    fireEvent.click(retry);
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(bodies[1]).toMatchObject({ retryHeldBack: true });
  });
});
