import type { AnalyticsQuery } from '@wac/contract/analytics';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { usernamesByIds } from '../accounts/index.ts';

/*
 * The one filter an analytics answer is narrowed by, as the rollups' dimension and value it reads: agentId the agent
 * dimension, campaignId the campaign's, phoneNumberId the number's. Each endpoint names the filters it takes; the
 * others are left out of its figures (the dashboards send one filter bar to every chart).
 */

export type ScopeFilter = 'agentId' | 'campaignId' | 'phoneNumberId';

/** Counters of dimension '' (everything) or of one dimension's value. */
export interface Scope {
  dimension: '' | 'agent' | 'campaign' | 'number';
  value: string;
}

export const EVERYTHING: Scope = { dimension: '', value: '' };

const DIMENSION_OF = { agentId: 'agent', campaignId: 'campaign', phoneNumberId: 'number' } as const;

export interface ScopeLookups {
  db: Db;
  /** Campaign names by id (campaigns' public face): what tells a campaign id exists. */
  campaignNames: (ids: readonly number[]) => Promise<Map<number, string>>;
}

/**
 * The query's filter among those the endpoint takes: a 400 naming the field for two at once, or for an agent or a
 * campaign id that names nothing.
 */
export async function scopeOf(lookups: ScopeLookups, query: AnalyticsQuery, takes: readonly ScopeFilter[]): Promise<Scope> {
  const given = takes.filter((filter) => query[filter] !== undefined);
  if (given.length > 1) {
    throw badRequest(`Filter by one of ${given.join(', ')} at a time (query ${given[1]})`, [
      { field: given[1], message: `cannot be combined with ${given[0]}` },
    ]);
  }
  const filter = given[0];
  if (!filter) return EVERYTHING;
  const value = String(query[filter]);
  if (filter === 'agentId' && (await usernamesByIds(lookups.db, [Number(value)])).size === 0) {
    throw badRequest(`agentId ${value} is not a user (query agentId)`, [{ field: 'agentId', message: 'no such user' }]);
  }
  if (filter === 'campaignId' && (await lookups.campaignNames([Number(value)])).size === 0) {
    throw badRequest(`campaignId ${value} is not a campaign (query campaignId)`, [{ field: 'campaignId', message: 'no such campaign' }]);
  }
  return { dimension: DIMENSION_OF[filter], value };
}
