import { type AnalyticsFilterName, analyticsFilterNames } from '@wac/contract/analytics';

/**
 * What a dashboard can be narrowed to, one at a time: the analytics endpoints' filters, named as their query parameters
 * (so the address, ?agentId=3, is the request's filter too).
 */
export type DashboardFilterName = AnalyticsFilterName;

/** The filter in force: which one, and its value (an id, or a phone number's Graph id). */
export interface DashboardFilter {
  name: DashboardFilterName;
  value: string;
}

/** How people read each filter: its label, the option that turns it off, and one of its values for a lone id. */
export const filterWords: Record<DashboardFilterName, { label: string; all: string; noun: string }> = {
  agentId: { label: 'Agent', all: 'All agents', noun: 'agent' },
  phoneNumberId: { label: 'Phone number', all: 'All phone numbers', noun: 'phone number' },
  campaignId: { label: 'Campaign', all: 'All campaigns', noun: 'campaign' },
  flowId: { label: 'Flow', all: 'All flows', noun: 'flow' },
};

const MAX_ID = 2_147_483_647;
const wellFormed: Record<DashboardFilterName, (value: string) => boolean> = {
  agentId: (v) => isId(v),
  campaignId: (v) => isId(v),
  flowId: (v) => isId(v),
  phoneNumberId: (v) => /^\S{1,64}$/.test(v),
};
function isId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;
}

/**
 * The filter an address asks for among those the page offers: the first offered one present and well formed (a
 * dashboard reads one at a time); null without.
 */
export function filterFromSearch(params: URLSearchParams, offered: readonly DashboardFilterName[]): DashboardFilter | null {
  for (const name of offered) {
    const value = params.get(name);
    if (value !== null && wellFormed[name](value)) return { name, value };
  }
  return null;
}

/** The address's query with this filter written in it (or none), every other filter dropped and other parameters kept. */
export function searchWithFilter(params: URLSearchParams, filter: DashboardFilter | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of analyticsFilterNames) next.delete(name);
  if (filter) next.set(filter.name, filter.value);
  return next;
}

/** What a figure the filter in force cannot narrow says instead: "Not kept per agent"; null with no filter. */
export function notKeptPer(filter: DashboardFilter | null): string | null {
  return filter && `Not kept per ${filterWords[filter.name].noun}`;
}

/** What a card says instead of figures it cannot narrow by the filter in force; null when it can, or with no filter. */
export function filterNotice(filter: DashboardFilter | null, accepted: readonly DashboardFilterName[]): string | null {
  if (!filter || accepted.includes(filter.name)) return null;
  return `These figures are ${notKeptPer(filter)?.toLowerCase()}. Choose “${filterWords[filter.name].all}” to see them.`;
}
