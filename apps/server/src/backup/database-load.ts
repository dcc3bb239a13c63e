import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabasePart } from './archive-format.ts';
import { BackupError } from './backup-error.ts';
import { setAsideIndexesAndForeignKeys } from './indexes-set-aside.ts';
import { restoreDump } from './pg-dump.ts';
import { columnList, qualified } from './table-catalog.ts';

/** Loads an archive's database entries as the archive is read, all in one transaction, then `finish` commits. */
export interface DatabaseLoad {
  load(part: string, data: Readable): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

type CopiedDatabase = Extract<DatabasePart, { kind: 'copy' }>;

/**
 * Our COPY parts into the schema the archive was taken at, already created and empty, with its keys, indexes and
 * foreign keys set aside until the rows are in. The tables' own triggers are off meanwhile: they only mark analytics
 * buckets to recompute, and the archive holds the analytics rollups and pending marks exactly as of the snapshot.
 */
async function startCopyLoad(client: pg.ClientBase, database: CopiedDatabase): Promise<DatabaseLoad> {
  const tableOfPart = new Map(database.tables.flatMap((t) => t.parts.map((p) => [p, t] as const)));
  const loadedRows = new Map<string, number>();
  await client.query('BEGIN');
  // For the index builds at the end: with PostgreSQL's default (64 MB) 1M rows' keys are sorted in runs on disk.
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  const putBack = await setAsideIndexesAndForeignKeys(client);
  for (const table of database.tables) await client.query(`ALTER TABLE ${qualified(table.name)} DISABLE TRIGGER USER`);

  return {
    async load(part, data) {
      const table = tableOfPart.get(part);
      if (!table) throw new BackupError(`${part} belongs to no table of the manifest`);
      const copy = client.query(copyFrom(`COPY ${qualified(table.name)} (${columnList(table.columns)}) FROM STDIN`));
      await pipeline(data, copy);
      loadedRows.set(table.name, (loadedRows.get(table.name) ?? 0) + copy.rowCount);
    },

    async finish() {
      const short = database.tables.find((t) => (loadedRows.get(t.name) ?? 0) !== t.rows);
      if (short) throw new BackupError(`${short.name}: ${loadedRows.get(short.name) ?? 0} rows loaded, the manifest says ${short.rows}`);
      for (const s of database.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [qualified(s.name), s.lastValue, s.isCalled]);
      }
      await putBack();
      for (const table of database.tables) await client.query(`ALTER TABLE ${qualified(table.name)} ENABLE TRIGGER USER`);
      await client.query('COMMIT');
    },

    async abort() {
      await client.query('ROLLBACK').catch(() => {});
    },
  };
}

/** A pg_dump archive's parts, one stream into pg_restore, which loads it in one transaction of its own. */
function startDumpLoad(url: string): DatabaseLoad {
  const restore = restoreDump(url);
  return {
    async load(_part, data) {
      await pipeline(data, restore.input, { end: false });
    },
    async finish() {
      restore.input.end();
      await restore.exited;
    },
    async abort() {
      restore.input.destroy();
      await restore.exited.catch(() => {});
    },
  };
}

export async function startDatabaseLoad(client: pg.ClientBase, url: string, database: DatabasePart): Promise<DatabaseLoad> {
  return database.kind === 'copy' ? startCopyLoad(client, database) : startDumpLoad(url);
}
