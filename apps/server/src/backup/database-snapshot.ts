import type { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type DatabasePart, dumpPart, tablePart } from './archive-format.ts';
import type { ArchiveWriter } from './archive-writer.ts';
import { BackupError } from './backup-error.ts';
import { dumpSnapshot } from './pg-dump.ts';
import { appliedSchemaVersion, type SchemaVersion } from './schema-version.ts';
import { appTables, columnList, qualified, sequenceNames, type TableColumns } from './table-catalog.ts';

/** Parts of about this size: each is held in memory once, as tar needs an entry's size before its bytes. */
const PART_BYTES = 16 * 1024 * 1024;

export interface DatabaseSnapshot {
  schemaVersion: SchemaVersion;
  database: DatabasePart;
}

/**
 * Cuts a stream into parts of about PART_BYTES. With `atRowEnds`, only after a newline: in COPY's text format a raw
 * newline ends a row (newlines in values are escaped), so each part is a COPY input of its own.
 */
async function writeParts(source: Readable, archive: ArchiveWriter, nameOf: (n: number) => string, atRowEnds: boolean): Promise<string[]> {
  const parts: string[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (data: Buffer) => {
    const name = nameOf(parts.length + 1);
    parts.push(name);
    await archive.addBuffer(name, data);
  };
  for await (const chunk of source as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < PART_BYTES) continue;
    const joined = Buffer.concat(pending);
    const cut = atRowEnds ? joined.lastIndexOf(0x0a) + 1 : joined.length;
    if (cut === 0) continue;
    await flush(joined.subarray(0, cut));
    pending = [joined.subarray(cut)];
    pendingBytes = joined.length - cut;
  }
  if (pendingBytes > 0) await flush(Buffer.concat(pending));
  return parts;
}

async function copyTable(client: pg.ClientBase, table: TableColumns, archive: ArchiveWriter) {
  const stream = client.query(copyTo(`COPY ${qualified(table.name)} (${columnList(table.columns)}) TO STDOUT`));
  const parts = await writeParts(stream, archive, (n) => tablePart(table.name, n), true);
  return { ...table, rows: stream.rowCount, parts };
}

async function copyTables(client: pg.ClientBase, tables: TableColumns[], archive: ArchiveWriter): Promise<DatabasePart> {
  const copied = [];
  for (const table of tables) copied.push(await copyTable(client, table, archive));
  const sequences = [];
  // Sequences are not transactional: read now they are at or past every id the snapshot holds, which is all a restore needs.
  for (const name of await sequenceNames(client)) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(name)}`,
    );
    sequences.push({ name, lastValue: rows[0]?.last_value ?? '1', isCalled: rows[0]?.is_called ?? false });
  }
  return { kind: 'copy', tables: copied, sequences };
}

async function dumpTables(client: pg.ClientBase, url: string, tables: TableColumns[], archive: ArchiveWriter, pgDumpMajor: number) {
  const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
  const dump = dumpSnapshot(url, rows[0]?.id as string);
  const parts = await writeParts(dump.output, archive, dumpPart, false);
  await dump.exited;
  const counted = [];
  for (const table of tables) {
    const count = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${qualified(table.name)}`);
    counted.push({ name: table.name, rows: Number(count.rows[0]?.n) });
  }
  return { kind: 'pg_dump' as const, pgDumpMajor, parts, tables: counted };
}

/**
 * Copies the database as of one moment, beside a server that keeps writing: one REPEATABLE READ, read-only
 * transaction. Every table is locked ACCESS SHARE before the snapshot is taken, as pg_dump does: writes go on, but a
 * TRUNCATE (the analytics rebuild), which is not MVCC-safe and would look like an empty table to the snapshot, waits
 * for the backup to end. `pgDump` names the pg_dump to use instead of our COPY.
 */
export async function snapshotDatabase(
  client: pg.ClientBase,
  archive: ArchiveWriter,
  pgDump: { url: string; major: number } | null,
): Promise<DatabaseSnapshot> {
  const listed = await appTables(client);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // LOCK takes no snapshot: the first query after it does, so the snapshot sees the tables as they are once locked.
    if (listed.length > 0) await client.query(`LOCK TABLE ${listed.map((t) => qualified(t.name)).join(', ')} IN ACCESS SHARE MODE`);
    const tables = await appTables(client);
    if (JSON.stringify(tables) !== JSON.stringify(listed))
      throw new BackupError('The schema changed as the backup began (a migration?): run it again');
    const schemaVersion = await appliedSchemaVersion(client);
    const database = pgDump
      ? await dumpTables(client, pgDump.url, tables, archive, pgDump.major)
      : await copyTables(client, tables, archive);
    await client.query('COMMIT');
    return { schemaVersion, database };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
