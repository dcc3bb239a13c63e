import type pg from 'pg';
import { APP_SCHEMA, qualified } from './table-catalog.ts';

interface Constraint {
  table_name: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  definition: string;
}

/**
 * For a bulk load, as pg_restore does it: the app's keys, indexes and foreign keys are dropped before the rows go in
 * and made again from their own definitions after, in the same transaction. An index built once over all rows (sorted)
 * is many times faster than one kept up to date row by row (the analytics tables' long text keys most of all), and a
 * foreign key added afterwards is checked by one join instead of a lookup per row. Answers what makes them again.
 */
export async function setAsideIndexesAndForeignKeys(client: pg.ClientBase): Promise<() => Promise<void>> {
  const constraints = await client.query<Constraint>(
    `SELECT t.relname AS table_name, k.conname AS name, k.contype AS kind, pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE k.contype IN ('p', 'u', 'f') AND n.nspname = $1 ORDER BY 1, 2`,
    [APP_SCHEMA],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = t.oid)
     ORDER BY 1`,
    [APP_SCHEMA],
  );
  const foreignKeys = constraints.rows.filter((k) => k.kind === 'f');
  const keys = constraints.rows.filter((k) => k.kind !== 'f');
  const onTable = (k: Constraint) => `ALTER TABLE ${qualified(k.table_name)}`;
  // Foreign keys first: they depend on the keys they point to.
  for (const k of [...foreignKeys, ...keys]) await client.query(`${onTable(k)} DROP CONSTRAINT ${client.escapeIdentifier(k.name)}`);
  for (const i of indexes.rows) await client.query(`DROP INDEX ${qualified(i.name)}`);

  return async () => {
    for (const k of keys) await client.query(`${onTable(k)} ADD CONSTRAINT ${client.escapeIdentifier(k.name)} ${k.definition}`);
    for (const i of indexes.rows) await client.query(i.definition);
    for (const k of foreignKeys) await client.query(`${onTable(k)} ADD CONSTRAINT ${client.escapeIdentifier(k.name)} ${k.definition}`);
  };
}
