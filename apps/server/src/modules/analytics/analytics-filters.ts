import {
  type AnalyticsFilterName,
  type AnalyticsQuery,
  analyticsEndpointFilters,
  type FilteredAnalyticsEndpoint,
} from '@wac/contract/analytics';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { usernamesByIds } from '../accounts/index.ts';
import { exists } from './analytics-filters.repository.ts';

/** The query's filters, each read from the rollups' rows of one dimension. */
export const filterDimensions = {
  agentId: 'agent',
  campaignId: 'campaign',
  flowId: 'flow',
  phoneNumberId: 'number',
} as const satisfies Record<AnalyticsFilterName, string>;
type FilterName = AnalyticsFilterName;

/** The filter in force: the rollups' dimension and value it reads. */
export interface DimensionFilter {
  name: FilterName;
  dimension: (typeof filterDimensions)[FilterName];
  value: string;
}

const filterNames = Object.keys(filterDimensions) as FilterName[];

const refused = (name: FilterName, message: string) => badRequest(`${message} (query ${name})`, [{ field: name, message }]);

async function assertExists(db: Db, name: FilterName, id: number): Promise<void> {
  const found =
    name === 'agentId'
      ? (await usernamesByIds(db, [id])).has(id)
      : name === 'campaignId'
        ? await exists(db, 'campaigns', id)
        : name === 'flowId'
          ? await exists(db, 'flows', id)
          : true;
  if (!found) throw refused(name, `There is no ${filterDimensions[name]} with id ${id}`);
}

/**
 * The one filter of the query, or null (analyticsEndpointFilters says which the endpoint takes): two at once, one this endpoint does not take (its figures are not kept per
 * that dimension) or an agent, campaign or flow that does not exist are a 400 saying so.
 */
export async function resolveFilter(
  db: Db,
  query: Pick<AnalyticsQuery, FilterName>,
  endpoint: FilteredAnalyticsEndpoint,
): Promise<DimensionFilter | null> {
  const accepted: readonly FilterName[] = analyticsEndpointFilters[endpoint];
  const given = filterNames.filter((name) => query[name] !== undefined);
  const [name, second] = given;
  if (!name) return null;
  if (second) throw refused(second, `Filter by one of ${given.join(', ')} at a time, not ${given.length} together`);
  if (!accepted.includes(name)) {
    const takes = accepted.length === 0 ? 'takes no filter' : `takes ${accepted.join(', ')}`;
    throw refused(name, `${name} does not filter ${endpoint}: it ${takes}`);
  }
  const value = query[name] as number | string;
  if (typeof value === 'number') await assertExists(db, name, value);
  return { name, dimension: filterDimensions[name], value: String(value) };
}

/** The counter rows a filter reads: its dimension's value, or the install's (dimension '') without one. */
export interface Scope {
  dimension: DimensionFilter['dimension'] | '';
  value: string;
}

export const rowsOf = (filter: DimensionFilter | null): Scope =>
  filter ? { dimension: filter.dimension, value: filter.value } : { dimension: '', value: '' };

/** The one filter of the query among those the endpoint takes, as the rows it reads (resolveFilter says what is refused). */
export async function scopeOf(db: Db, query: Pick<AnalyticsQuery, FilterName>, endpoint: FilteredAnalyticsEndpoint): Promise<Scope> {
  return rowsOf(await resolveFilter(db, query, endpoint));
}
