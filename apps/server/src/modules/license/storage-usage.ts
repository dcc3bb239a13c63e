import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface DirectoryUsage {
  name: string;
  bytes: number;
  files: number;
  countsTowardQuota: boolean;
}

export interface StorageScan {
  directories: DirectoryUsage[];
  totalBytes: number;
  countedBytes: number;
  computedAt: Date;
}

/**
 * Not counted toward the storage quota: the embedded database (not files the business keeps), the
 * sandbox's stand-in for Meta's servers, backups (`npm run backup` writes them there by default; counting them
 * would make backing up cost quota), and the server's own secrets (dot files).
 */
const UNCOUNTED = new Set(['postgres', 'sandbox-media', 'backups']);
const LOOSE_FILES = '(files in the data directory)';

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Sizes by walking the tree; symlinks are not followed and files that vanish mid-walk are skipped. */
async function measure(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await entries(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await measure(full);
      bytes += inner.bytes;
      files += inner.files;
    } else if (entry.isFile()) {
      const stat = await lstat(full).catch(() => null);
      if (stat) {
        bytes += stat.size;
        files += 1;
      }
    }
  }
  return { bytes, files };
}

async function scan(dataDir: string): Promise<StorageScan> {
  const directories: DirectoryUsage[] = [];
  const loose = { bytes: 0, files: 0 };
  for (const entry of await entries(dataDir)) {
    const full = path.join(dataDir, entry.name);
    if (entry.isDirectory()) {
      const counts = !UNCOUNTED.has(entry.name) && !entry.name.startsWith('.');
      directories.push({ name: entry.name, ...(await measure(full)), countsTowardQuota: counts });
    } else if (entry.isFile() && !entry.name.startsWith('.')) {
      const stat = await lstat(full).catch(() => null);
      if (stat) {
        loose.bytes += stat.size;
        loose.files += 1;
      }
    }
  }
  if (loose.files > 0) directories.push({ name: LOOSE_FILES, ...loose, countsTowardQuota: true });
  directories.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return {
    directories,
    totalBytes: directories.reduce((sum, d) => sum + d.bytes, 0),
    countedBytes: directories.filter((d) => d.countsTowardQuota).reduce((sum, d) => sum + d.bytes, 0),
    computedAt: new Date(),
  };
}

export const STORAGE_CACHE_TTL_MS = 5 * 60_000;

/** Walking DATA_DIR can take a while with many files, so the result is kept for a few minutes. */
export function createStorageUsage(dataDir: string, ttlMs = STORAGE_CACHE_TTL_MS) {
  let cached: StorageScan | null = null;
  let running: Promise<StorageScan> | null = null;

  return {
    async get(refresh = false): Promise<{ scan: StorageScan; fromCache: boolean }> {
      if (!refresh && cached && Date.now() - cached.computedAt.getTime() < ttlMs) return { scan: cached, fromCache: true };
      // Callers arriving while a walk runs share it instead of starting their own.
      running ??= scan(dataDir).finally(() => {
        running = null;
      });
      cached = await running;
      return { scan: cached, fromCache: false };
    },
    clear(): void {
      cached = null;
    },
  };
}

export type StorageUsageCache = ReturnType<typeof createStorageUsage>;
