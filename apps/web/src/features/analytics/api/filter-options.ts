import { useQuery } from '@tanstack/react-query';
import type { campaignListResponseSchema } from '@wac/contract/campaigns';
import type { conversationReportAgentsResponseSchema } from '@wac/contract/conversation-reports';
import type { flowListSchema } from '@wac/contract/flows';
import type { listUsersResponseSchema } from '@wac/contract/users';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useChannelStatus } from '../../../lib/channel-status';
import type { DashboardFilter, DashboardFilterName } from '../../../ui/dashboard/dashboard-filter';
import type { FilterChoice } from '../../../ui/dashboard/filter-controls';
import type { FilterOption } from '../../../ui/filter-select';

/** An existing list a filter's values come from (its first page, at the lists' page limit). */
interface Source {
  path: string;
  read: (answer: never) => FilterOption<string>[];
}

const PAGE = { limit: 100 };
const named = (id: number | string, label: string) => ({ value: String(id), label });

const sources = {
  users: { path: '/api/users', read: (a: z.infer<typeof listUsersResponseSchema>) => a.users.map((u) => named(u.id, u.username)) },
  holders: {
    path: '/api/reports/conversations/agents',
    read: (a: z.infer<typeof conversationReportAgentsResponseSchema>) => a.agents.map((u) => named(u.id, u.username)),
  },
  campaigns: {
    path: '/api/campaign/campaigns',
    read: (a: z.infer<typeof campaignListResponseSchema>) => a.campaigns.map((c) => named(c._id, c.name)),
  },
  flows: { path: '/api/listflows', read: (a: z.infer<typeof flowListSchema>) => a.flows.map((f) => named(f.id, f.name)) },
} satisfies Record<string, Source>;

/** The key of a list's values: page tests answer it. */
export const filterOptionsKey = (path: string) => ['analytics', 'filter-options', path] as const;

/** A filter's values, asked for only when the page offers it; a list the plan or the role does not open leaves it out. */
function useOptions(offered: boolean, source: Source | null): FilterOption<string>[] | undefined {
  return useQuery({
    queryKey: filterOptionsKey(source?.path ?? ''),
    queryFn: async ({ signal }) => {
      const { path, read } = source as Source;
      return read((await apiRequest(path, { query: PAGE, signal, suppressLicenseModals: true })) as never);
    },
    enabled: offered && source !== null,
    staleTime: 60_000,
  }).data;
}

/**
 * The filters a dashboard offers, with their values from the lists that exist: every user for an admin (for others,
 * who may not list users, the agents holding a conversation now), the console's configured phone number, and for
 * admins the campaigns and bot flows. A filter whose list cannot be read is not offered, unless it is the one in
 * force (a shared link), which can then still be seen and cleared.
 */
export function useFilterChoices(offered: readonly DashboardFilterName[], filter: DashboardFilter | null): FilterChoice[] {
  const isAdmin = useAuth().user?.role === 'admin';
  const has = (name: DashboardFilterName) => offered.includes(name);
  const channel = useChannelStatus().data;
  const options: Record<DashboardFilterName, FilterOption<string>[] | undefined> = {
    agentId: useOptions(has('agentId'), isAdmin ? sources.users : sources.holders),
    campaignId: useOptions(has('campaignId'), isAdmin ? sources.campaigns : null),
    flowId: useOptions(has('flowId'), isAdmin ? sources.flows : null),
    phoneNumberId: channel && [{ value: channel.phoneNumberId, label: channel.phoneNumberId }],
  };
  return offered.flatMap((name) => {
    const values = options[name] ?? (filter?.name === name ? [] : undefined);
    return values ? [{ name, options: values }] : [];
  });
}
