import type { Dirent } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/incoming-file.ts';

/** Folders of DATA_DIR copied whole: customers' media, kept uploads, cleanup archives, mail kept in the outbox. */
export const DATA_FOLDERS = ['media_storage', 'uploads', 'archives', 'outbox'] as const;

/**
 * Single files of DATA_DIR. The key that seals secrets stored in the database (the SMTP password, a licence's HMAC
 * secret, the media-link secret): without it those settings cannot be opened after a restore. The sandbox's own list
 * of "Meta's" templates: without it the first template sync after restoring a sandbox install deletes every template.
 * Not .postgres-password (it belongs to the embedded database, which a restore creates anew), not the rest of
 * sandbox-media (the sandbox's stand-in for Meta's servers: files customers sent are in media_storage already).
 */
export const DATA_FILES = ['.license-secret-key', 'sandbox-media/templates.json'] as const;

export interface DataFile {
  /** Relative to DATA_DIR, with forward slashes: the name under files/ in the archive. */
  relativePath: string;
  fullPath: string;
  size: number;
}

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Regular files under `dir`, sorted; dot-named entries are files being written (`.incoming`) and are left out. */
async function walk(dataDir: string, dir: string, found: DataFile[]): Promise<void> {
  const sorted = (await entries(dir)).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of sorted) {
    if (entry.name.startsWith('.')) continue;
    const fullPath = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(dataDir, fullPath, found);
    else if (entry.isFile()) await addFile(dataDir, fullPath, found);
  }
}

async function addFile(dataDir: string, fullPath: string, found: DataFile[]): Promise<void> {
  const stat = await lstat(fullPath).catch(() => null);
  if (!stat?.isFile()) return;
  found.push({ relativePath: path.relative(dataDir, fullPath).split(path.sep).join('/'), fullPath, size: stat.size });
}

/** Every file of DATA_DIR a backup holds. */
export async function listDataFiles(dataDir: string): Promise<DataFile[]> {
  const found: DataFile[] = [];
  for (const folder of DATA_FOLDERS) await walk(dataDir, path.join(dataDir, folder), found);
  for (const file of DATA_FILES) await addFile(dataDir, path.join(dataDir, file), found);
  return found;
}

/** True for a path an archive may restore into DATA_DIR: inside one of the folders above or one of the files. */
export function isDataFilePath(relativePath: string): boolean {
  const segments = relativePath.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return false;
  if ((DATA_FILES as readonly string[]).includes(relativePath)) return true;
  return segments.length > 1 && (DATA_FOLDERS as readonly string[]).includes(segments[0] as string);
}

/** What of the above already exists in DATA_DIR: a restore refuses to mix an archive into it unless forced. */
export async function existingDataFiles(dataDir: string): Promise<string[]> {
  const existing: string[] = [];
  for (const folder of DATA_FOLDERS) if ((await entries(path.join(dataDir, folder))).length > 0) existing.push(`${folder}/`);
  for (const file of DATA_FILES) if (await lstat(path.join(dataDir, file)).catch(() => null)) existing.push(file);
  return existing;
}

/** Removes what a restore writes, so a forced restore leaves DATA_DIR's files exactly as the archive holds them. */
export async function removeDataFiles(dataDir: string): Promise<void> {
  for (const name of [...DATA_FOLDERS, ...DATA_FILES]) await rm(path.join(dataDir, name), { recursive: true, force: true });
}

/** Writes one restored file, private to the server's user as the server writes its own. */
export async function writeDataFile(dataDir: string, relativePath: string, source: Readable): Promise<void> {
  if (!isDataFilePath(relativePath)) throw new Error(`not a data file path: ${relativePath}`);
  const target = path.join(dataDir, ...relativePath.split('/'));
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  await pipeline(source, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
}
