/** Every campaign query starts with this key, so one invalidation refreshes lists, pages, statuses and contacts. */
export const campaignsQueryKey = ['campaigns'] as const;

export const campaignKeys = {
  lists: [...campaignsQueryKey, 'list'] as const,
  one: (id: string) => [...campaignsQueryKey, 'one', id] as const,
  status: (id: string) => [...campaignsQueryKey, 'status', id] as const,
  contacts: (id: string) => [...campaignsQueryKey, 'contacts', id] as const,
  preflight: (id: string) => [...campaignsQueryKey, 'preflight', id] as const,
  /** The approved templates a campaign may send: not refreshed by campaign changes. */
  templates: ['campaign-templates'] as const,
};
