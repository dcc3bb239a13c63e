/** Every flow query starts with this key, so one invalidation refreshes lists, flows, versions and analytics. */
export const flowsQueryKey = ['flows'] as const;

export const flowKeys = {
  lists: [...flowsQueryKey, 'list'] as const,
  one: (id: number) => [...flowsQueryKey, 'one', id] as const,
  versions: (id: number) => [...flowsQueryKey, 'versions', id] as const,
  version: (id: number, version: number) => [...flowsQueryKey, 'versions', id, version] as const,
  analytics: (id: number) => [...flowsQueryKey, 'analytics', id] as const,
};
