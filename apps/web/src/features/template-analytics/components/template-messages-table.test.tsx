import { cleanup, render, screen, within } from '@testing-library/react';
import type { TemplateMessageRow } from '@wac/contract/template-analytics';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TemplateMessagesTable } from './template-messages-table';

afterEach(cleanup);

const message = (id: number, patch: Partial<TemplateMessageRow>): TemplateMessageRow => ({
  id,
  conversationId: id,
  wamid: `wamid.${id}`,
  templateName: 'spring_sale',
  language: 'en_US',
  recipient: { phone: `44770090000${id}`, name: `Customer ${id}` },
  status: 'delivered',
  timestamp: '2026-05-01T10:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  error: null,
  sender: null,
  campaign: null,
  ...patch,
});

describe('TemplateMessagesTable', () => {
  it('names who sent each message: the agent, the campaign (linked), or the API', () => {
    render(
      <MemoryRouter>
        <TemplateMessagesTable
          sortOrder="desc"
          onSort={() => {}}
          messages={[
            message(1, { sender: { id: 4, username: 'maria' } }),
            message(2, { campaign: { id: '12', name: 'Spring sale' } }),
            message(3, {}),
          ]}
        />
      </MemoryRouter>,
    );
    const sentBy = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .at(-1);
    expect(sentBy('Customer 1')?.textContent).toBe('maria');
    expect(sentBy('Customer 2')?.textContent).toBe('Campaign Spring sale');
    expect(
      within(sentBy('Customer 2') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/campaigns/12');
    expect(sentBy('Customer 3')?.textContent).toBe('API');
  });
});
