import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  type ArchiveEntries,
  DATABASE_PREFIX,
  databaseParts,
  FILES_PREFIX,
  FORMAT_VERSION,
  MANIFEST,
  type Manifest,
  manifestSchema,
} from './archive-format.ts';
import { BackupError } from './backup-error.ts';
import { isDataFilePath } from './data-files.ts';
import { isKnownSchemaVersion } from './schema-version.ts';

/** A manifest of a few million files is still far below this; anything bigger is not ours. */
const MANIFEST_MAX_BYTES = 512 * 1024 * 1024;

/** One entry: its tar header and a stream of its bytes. */
export type ArchiveEntry = Readable & { header: tar.Header };

/** The entries of a .tar.gz in order; each must be read to its end (or resumed) before the next. */
export async function* archiveEntries(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract);
  // A bad gzip or tar destroys `extract`, which ends the loop below with that error.
  feeding.catch(() => {});
  try {
    for await (const entry of extract) yield entry as unknown as ArchiveEntry;
    await feeding;
  } finally {
    extract.destroy();
  }
}

async function digest(entry: ArchiveEntry, keep: boolean): Promise<{ bytes: number; sha256: string; data: Buffer | null }> {
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    if (keep && bytes <= MANIFEST_MAX_BYTES) kept.push(chunk);
  }
  return { bytes, sha256: hash.digest('hex'), data: keep && bytes <= MANIFEST_MAX_BYTES ? Buffer.concat(kept) : null };
}

function parseManifest(text: string, file: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError(`${file}: its manifest.json is not valid JSON`);
  }
  const head = (raw ?? {}) as { format?: unknown; formatVersion?: unknown };
  if (head.format !== ARCHIVE_FORMAT) throw new BackupError(`${file} is not a backup of WhatsApp Agent Chat`);
  if (head.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup in format ${String(head.formatVersion)}; this install reads format ${FORMAT_VERSION}: restore it with the version that made it`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`${file}: its manifest.json is invalid (${parsed.error.issues[0]?.message ?? 'unknown'})`);
  return parsed.data;
}

/** Every entry the manifest lists is there with its size and checksum, and nothing else is. */
function checkEntries(manifest: Manifest, seen: ArchiveEntries, file: string): void {
  const listed = manifest.entries;
  for (const [name, found] of Object.entries(seen)) {
    const expected = listed[name];
    if (!expected) throw new BackupError(`${file} holds ${name}, which its manifest does not list`);
    if (expected.bytes !== found.bytes || expected.sha256 !== found.sha256) {
      throw new BackupError(`${file} is damaged: ${name} does not match its checksum`);
    }
  }
  const missing = Object.keys(listed).find((name) => !seen[name]);
  if (missing) throw new BackupError(`${file} is incomplete: ${missing} is missing`);

  const parts = databaseParts(manifest.database);
  const partNames = new Set(parts);
  const names = Object.keys(listed);
  const stray = names.find((n) => (n.startsWith(DATABASE_PREFIX) ? !partNames.has(n) : !n.startsWith(FILES_PREFIX)));
  if (stray || parts.some((p) => !listed[p]) || partNames.size !== parts.length) {
    throw new BackupError(`${file}: its manifest does not match its database entries`);
  }
  const files = names.filter((n) => n.startsWith(FILES_PREFIX));
  const badPath = files.find((n) => !isDataFilePath(n.slice(FILES_PREFIX.length)));
  if (badPath) throw new BackupError(`${file} holds ${badPath}, which is not a file of DATA_DIR a restore writes`);
  const bytes = files.reduce((sum, n) => sum + (listed[n]?.bytes ?? 0), 0);
  if (files.length !== manifest.files.count || bytes !== manifest.files.bytes) {
    throw new BackupError(`${file}: its manifest's file count or size does not match its files`);
  }
}

/**
 * Reads the whole archive and answers its manifest once every entry checks out against it; a restore calls this
 * before it touches anything, so a damaged, truncated or foreign file is refused with nothing written.
 */
export async function readCheckedManifest(file: string): Promise<Manifest> {
  const seen: ArchiveEntries = {};
  let manifestText: string | null = null;
  try {
    for await (const entry of archiveEntries(file)) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new BackupError(`${file} holds ${name}, a ${type}: not a backup of WhatsApp Agent Chat`);
      if (seen[name] || (name === MANIFEST && manifestText !== null)) throw new BackupError(`${file} holds ${name} twice`);
      const { data, ...found } = await digest(entry, name === MANIFEST);
      if (name !== MANIFEST) seen[name] = found;
      else if (data) manifestText = data.toString('utf8');
      else throw new BackupError(`${file}: its manifest.json is too big to be ours`);
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a readable .tar.gz archive (${(err as Error).message})`);
  }
  if (manifestText === null) throw new BackupError(`${file} has no manifest.json: not a backup of WhatsApp Agent Chat`);
  const manifest = parseManifest(manifestText, file);
  checkEntries(manifest, seen, file);
  if (!(await isKnownSchemaVersion(manifest.schemaVersion))) {
    throw new BackupError(
      `${file} was taken at schema version ${manifest.schemaVersion.tag}, which this install does not know: restore it with that version or a newer one`,
    );
  }
  return manifest;
}
