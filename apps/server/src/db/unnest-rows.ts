import { type SQL, sql } from 'drizzle-orm';

/** A column of many rows: its name, its PostgreSQL type and one value per row. */
export type ArrayColumn = readonly [name: string, pgType: string, values: readonly unknown[]];

/**
 * Many rows as a handful of array parameters, `unnest($1::int[], $2::text[], …) AS alias(a, b, …)`, rather than one
 * parameter per cell: a batch of hundreds of rows costs a few parameters to build and send. jsonb values are given
 * as JSON text.
 */
export function unnestRows(alias: string, columns: readonly ArrayColumn[]): SQL {
  const arrays = sql.join(
    columns.map(([, pgType, values]) => sql`${sql.param(values)}::${sql.raw(pgType)}[]`),
    sql`, `,
  );
  return sql`unnest(${arrays}) AS ${sql.raw(alias)}(${sql.raw(columns.map(([name]) => name).join(', '))})`;
}
