import pg from 'pg';
import { BackupError } from './backup-error.ts';

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

/** The app's tables, each after the tables its foreign keys point to, so a restore loads them in this order. */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<TableColumns[]> {
  const tables = await client.query<TableColumns>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = $1 AND c.relkind = 'r'
     GROUP BY c.relname ORDER BY c.relname`,
    [APP_SCHEMA],
  );
  const references = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid
     JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = $1 AND child.oid <> parent.oid`,
    [APP_SCHEMA],
  );
  const parentsOf = new Map(tables.rows.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references.rows) parentsOf.get(child)?.add(parent);

  const ordered: TableColumns[] = [];
  const placed = new Set<string>();
  let waiting = tables.rows;
  while (waiting.length > 0) {
    const ready = waiting.filter((t) => [...(parentsOf.get(t.name) ?? [])].every((p) => placed.has(p)));
    // Our migrations make no such cycle; loading one would need deferrable keys, which they do not declare either.
    if (ready.length === 0) throw new BackupError(`Foreign keys form a cycle among ${waiting.map((t) => t.name).join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
    waiting = waiting.filter((t) => !placed.has(t.name));
  }
  return ordered;
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
