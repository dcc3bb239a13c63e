import { type Column, getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

type PgArrayType = 'int' | 'bigint' | 'real' | 'boolean' | 'text' | 'jsonb' | 'timestamptz';

/** A column of many rows: its name, its PostgreSQL type and one value per row (jsonb as JSON text). */
export type ArrayColumn = readonly [name: string, pgType: PgArrayType, values: readonly unknown[]];

export interface UnnestedRows {
  /** `unnest($1::int[], $2::text[], …) AS alias(a, b, …)`, for FROM. */
  source: SQL;
  /** `a, b, …`: the same names in the same order, for an INSERT's column list and its SELECT. */
  columns: SQL;
}

/**
 * Many rows as a handful of array parameters rather than one parameter per cell: a batch of hundreds of rows costs a
 * few parameters to build and send. Every column must hold one value per row (unnest would pad a short one with NULLs).
 */
export function unnestRows(alias: string, columns: readonly ArrayColumn[]): UnnestedRows {
  const lengths = new Set(columns.map(([, , values]) => values.length));
  if (lengths.size > 1) throw new Error(`unnestRows: columns of different lengths (${[...lengths].join(', ')})`);
  const arrays = sql.join(
    columns.map(([, pgType, values]) => sql`${sql.param(values)}::${sql.raw(pgType)}[]`),
    sql`, `,
  );
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  return { source: sql`unnest(${arrays}) AS ${sql.raw(alias)}(${names})`, columns: names };
}

/** `column = ANY($1::type[])`: one array parameter however many values, where inArray sends one per value. */
export function equalsAny(column: Column, pgType: PgArrayType, values: readonly unknown[]): SQL {
  return sql`${column} = ANY(${sql.param(values)}::${sql.raw(pgType)}[])`;
}

/**
 * The rows a raw statement's `RETURNING *` answered, as a drizzle select of the table gives them: keyed by property,
 * each value read as its column reads it (timestamps as Dates). A bulk write then needs no second query to read back.
 */
export function returnedRows<T extends Table>(table: T, rows: readonly Record<string, unknown>[]): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          if (!(column.name in row)) throw new Error(`returnedRows: the statement did not return column ${column.name}`);
          const value = row[column.name];
          return [key, value === null ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>,
  );
}
