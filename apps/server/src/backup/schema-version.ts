import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/database.ts';
import { BackupError } from './backup-error.ts';

/** The latest applied migration: its place in drizzle's journal and its name. */
export interface SchemaVersion {
  index: number;
  tag: string;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

interface Journal {
  entries: JournalEntry[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The newest migration this install knows: what a restore migrates an older archive up to. */
export async function latestSchemaVersion(): Promise<SchemaVersion> {
  const { entries } = await readJournal();
  const last = entries.at(-1);
  if (!last) throw new Error('no migrations in the journal');
  return { index: last.idx, tag: last.tag };
}

/**
 * The schema version of the database on `client`, read in the caller's transaction: drizzle records each applied
 * migration with its journal time, so the newest time names the migration.
 */
export async function appliedSchemaVersion(client: pg.ClientBase): Promise<SchemaVersion> {
  const { rows } = await client.query<{ created_at: string }>(
    'SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  const when = Number(rows[0]?.created_at);
  const entry = (await readJournal()).entries.find((e) => e.when === when);
  if (!entry) throw new BackupError('The database has no migration this install knows: is it newer than this install, or not ours?');
  return { index: entry.idx, tag: entry.tag };
}

/** Whether this install has that migration under that name; an archive from a newer install does not. */
export async function isKnownSchemaVersion(version: SchemaVersion): Promise<boolean> {
  const { entries } = await readJournal();
  return entries.some((e) => e.idx === version.index && e.tag === version.tag);
}

/**
 * A temporary migrations folder holding the migrations up to `version` only, for drizzle to build the schema an
 * archive was taken at; `remove` deletes it.
 */
export async function migrationsUpTo(version: SchemaVersion): Promise<{ folder: string; remove: () => Promise<void> }> {
  const journal = await readJournal();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'wac-migrations-'));
  const entries = journal.entries.filter((e) => e.idx <= version.index);
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
