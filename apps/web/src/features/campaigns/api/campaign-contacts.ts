import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { campaignContactsResponseSchema, contactImportResultSchema, RecipientState } from '@wac/contract/campaigns';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { campaignKeys, campaignsQueryKey } from './campaign-query-keys';

export type CampaignContactsPage = z.infer<typeof campaignContactsResponseSchema>;
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

export interface ContactsQuery {
  page: number;
  limit: number;
  status: RecipientState | '';
  search: string;
}

export interface ContactInput {
  phone: string;
  name?: string;
  variables?: Record<string, string>;
}

const contactsPath = (id: string) => `/api/campaign/campaigns/${id}/contacts`;

/** `pollMs`: how often to fetch again while the campaign is sending (false when it is not). */
export function useCampaignContacts(id: string, query: ContactsQuery, pollMs: number | false = false) {
  return useQuery({
    queryKey: [...campaignKeys.contacts(id), query],
    queryFn: ({ signal }) =>
      requestWithFallback<CampaignContactsPage>(contactsPath(id), 'Failed to fetch campaign contacts', {
        query: { page: query.page, limit: query.limit, status: query.status, search: query.search.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** After contacts change, the campaign's count, its contacts and its preview change too. */
export function useContactsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
}

export function useAddContacts() {
  const changed = useContactsChanged();
  return useMutation({
    mutationFn: ({ id, contacts }: { id: string; contacts: ContactInput[] }) =>
      requestWithFallback<ContactImportResult>(contactsPath(id), 'Failed to add contacts', { method: 'POST', body: { contacts } }),
    onSuccess: changed,
  });
}

/** Everyone who wrote to the business in the last `days` days. */
export function useAddRecentCustomers() {
  const changed = useContactsChanged();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      requestWithFallback<ContactImportResult>(`${contactsPath(id)}/recent`, 'Failed to add contacts', { method: 'POST', body: { days } }),
    onSuccess: changed,
  });
}

export function useDeleteContact() {
  const changed = useContactsChanged();
  return useMutation({
    mutationFn: ({ id, contactId }: { id: string; contactId: string }) =>
      requestWithFallback<{ success: true }>(`${contactsPath(id)}/${contactId}`, 'Failed to delete contact', { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useDeleteAllContacts() {
  const changed = useContactsChanged();
  return useMutation({
    mutationFn: (id: string) =>
      requestWithFallback<{ deleted: number }>(contactsPath(id), 'Failed to delete all contacts', { method: 'DELETE' }),
    onSuccess: changed,
  });
}
