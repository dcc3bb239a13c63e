import pg from 'pg';

/**
 * What a backup copies: every table of the public schema, where all of the app's tables live. Not the drizzle schema
 * (its migration log is rebuilt by applying migrations at restore) nor graphile_worker, the job library's private
 * queue: it holds only each periodic job's next run, which every server schedules again when it starts, and its layout
 * belongs to the library version that made it, which a restoring install may not share.
 */
export const APP_SCHEMA = 'public';

export interface TableColumns {
  name: string;
  /** Stored columns in table order; generated ones are computed again on load. */
  columns: string[];
}

/** The app's tables by name (a restore adds the foreign keys after all rows are in, so any order loads). */
export async function appTables(client: pg.ClientBase): Promise<TableColumns[]> {
  const { rows } = await client.query<TableColumns>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = $1 AND c.relkind = 'r'
     GROUP BY c.relname ORDER BY c.relname`,
    [APP_SCHEMA],
  );
  return rows;
}

export async function sequenceNames(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY c.relname`,
    [APP_SCHEMA],
  );
  return rows.map((r) => r.name);
}

/** A schema-qualified, quoted name for SQL text. */
export const qualified = (name: string) => `${pg.escapeIdentifier(APP_SCHEMA)}.${pg.escapeIdentifier(name)}`;

export const columnList = (columns: string[]) => columns.map((c) => pg.escapeIdentifier(c)).join(', ');

/** A connection for COPY: UTF-8 on the wire whatever the databases' encodings, so text reaches the target as it left. */
export async function connectForCopy(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, client_encoding: 'UTF8' });
  await client.connect();
  return client;
}
