import { z } from 'zod';

/**
 * A backup is one .tar.gz: the database under database/ (first), DATA_DIR's files under files/, then manifest.json,
 * written last because it holds every other entry's size and SHA-256. A restore reads the whole archive and checks it
 * against the manifest before it writes anything.
 */
export const ARCHIVE_FORMAT = 'whatsapp-agent-chat-backup';
/** Raised when the layout changes in a way an older restore could not read. */
export const FORMAT_VERSION = 1;

export const MANIFEST = 'manifest.json';
export const DATABASE_PREFIX = 'database/';
export const FILES_PREFIX = 'files/';

/** A table's COPY text, cut at row ends into parts (a tar entry needs its size before its bytes, so parts are buffered). */
export const tablePart = (table: string, n: number) => `${DATABASE_PREFIX}tables/${table}/${String(n).padStart(6, '0')}.copy`;
export const dumpPart = (n: number) => `${DATABASE_PREFIX}pg_dump/${String(n).padStart(6, '0')}.dump`;

const count = z.number().int().min(0);
const identifier = z.string().min(1).max(63);

const copiedTable = z.object({
  name: identifier,
  columns: z.array(identifier).min(1),
  rows: count,
  parts: z.array(z.string()),
});

const sequenceValue = z.object({
  name: identifier,
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});

/** Our own copy: every table of the public schema and the values of its sequences. */
const databaseCopy = z.object({ kind: z.literal('copy'), tables: z.array(copiedTable), sequences: z.array(sequenceValue) });

/** pg_dump's custom format, when a pg_dump of the server's major version was at hand; row counts as read beside it. */
const databaseDump = z.object({
  kind: z.literal('pg_dump'),
  pgDumpMajor: z.number().int(),
  parts: z.array(z.string()).min(1),
  tables: z.array(z.object({ name: identifier, rows: count })),
});

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  schemaVersion: z.object({ index: count, tag: z.string().min(1) }),
  database: z.discriminatedUnion('kind', [databaseCopy, databaseDump]),
  files: z.object({ count, bytes: count }),
  /** Every entry but the manifest, by name. */
  entries: z.record(z.string(), z.object({ bytes: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type DatabasePart = Manifest['database'];
export type ArchiveEntries = Manifest['entries'];

/** The database entries the manifest names, in the order they were written. */
export function databaseParts(database: DatabasePart): string[] {
  return database.kind === 'copy' ? database.tables.flatMap((t) => t.parts) : database.parts;
}
