import { type AnyColumn, eq, type SQL } from 'drizzle-orm';
import { apiKeys } from '../../db/schema.ts';

/**
 * The API key an id column names (the key a message was sent through), joined into another domain's query so it stays
 * one round trip: select `name` and `leftJoin(join.table, join.on)`. Only this domain touches the api_keys table.
 */
export function apiKeyJoin(apiKeyId: AnyColumn | SQL) {
  return { table: apiKeys, on: eq(apiKeys.id, apiKeyId), name: apiKeys.name };
}
