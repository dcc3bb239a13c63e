import type { MediaProcessedEvent } from '@wac/contract/whatsapp-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { CallOptions, CloudApiClient } from '../../whatsapp/cloud-api-client.ts';
import { type MediaFileRow, toChatMedia } from './chat-media.ts';
import { sha256Matches, storageExtension } from './media-file-checks.ts';
import { claimDueDownloads, conversationOfMessage, type DownloadOutcome, finishDownload } from './media-files.repository.ts';
import type { MediaLinks } from './media-links.ts';

export interface MediaDownloadDeps {
  db: Db;
  log: FastifyBaseLogger;
  client: Pick<CloudApiClient, 'getMediaUrl' | 'downloadMedia'>;
  storage: MediaStorage;
  links: MediaLinks;
  /** A downloaded file is ready: the console shows it in its message. */
  onProcessed: (event: MediaProcessedEvent) => void;
}

export interface MediaDownloadOptions {
  /** Downloads running at once on this server. */
  concurrency?: number;
  /** Safety-net poll for rows queued by other servers or left by a crash. */
  intervalMs?: number;
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each further one (2 s, 4 s, 8 s, 16 s). */
  backoffBaseMs?: number;
  /** How long a claimed row stays with this server before another may take it over. */
  leaseMs?: number;
}

export type MediaDownloadWorker = ReturnType<typeof createMediaDownloadWorker>;

/** One try per attempt: the worker's own backoff spaces the retries. */
const ONE_TRY: CallOptions = { attempts: 1 };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Downloads customers' files from Meta as soon as their message is stored (Meta's URLs live minutes),
 * retrying with exponential backoff. Several servers can run it: rows are claimed with SKIP LOCKED.
 */
export function createMediaDownloadWorker(deps: MediaDownloadDeps, options: MediaDownloadOptions = {}) {
  const { db, log, client, storage, links, onProcessed } = deps;
  const { concurrency = 4, intervalMs = 5000, maxAttempts = 5, backoffBaseMs = 2000, leaseMs = 120_000 } = options;
  const retryTimers = new Set<NodeJS.Timeout>();

  async function fetchAndStore(row: MediaFileRow): Promise<DownloadOutcome & { status: 'ready' }> {
    if (!row.metaMediaId) throw new Error('Meta gave no media id for this file');
    const info = await client.getMediaUrl(row.metaMediaId, ONE_TRY);
    const { buffer, mimeType } = await client.downloadMedia(info.url, ONE_TRY);
    const expected = row.sha256 ?? info.sha256;
    if (expected && !sha256Matches(buffer, expected)) throw new Error('The downloaded file does not match the sha256 Meta gave');
    const type = row.mimeType ?? info.mimeType ?? mimeType;
    const stored = await storage.save(buffer, storageExtension(row.filename, type));
    return { status: 'ready', storageKey: stored.key, fileSize: stored.size, sha256: stored.sha256, mimeType: type };
  }

  function retryLater(delayMs: number): void {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      loop.kick();
    }, delayMs);
    timer.unref();
    retryTimers.add(timer);
  }

  async function announce(row: MediaFileRow): Promise<void> {
    if (row.messageId === null) return;
    const conversationId = await conversationOfMessage(db, row.messageId);
    if (conversationId === null) return;
    onProcessed({ messageId: row.messageId, conversationId, media: toChatMedia(row, links) });
  }

  async function attempt(row: MediaFileRow): Promise<void> {
    let outcome: DownloadOutcome;
    if (row.attempts > maxAttempts) {
      // A server died holding the last attempt: its lease ran out, and there is none left.
      outcome = { status: 'failed', error: row.error ?? `Gave up after ${maxAttempts} attempts` };
    } else {
      try {
        outcome = await fetchAndStore(row);
      } catch (err) {
        const error = errorText(err);
        log.warn({ err, mediaFileId: row.id, attempt: row.attempts }, 'media download failed');
        outcome =
          row.attempts >= maxAttempts
            ? { status: 'failed', error }
            : { status: 'retry', error, delayMs: backoffBaseMs * 2 ** (row.attempts - 1) };
      }
    }
    // Not recorded (the row was taken over, or the database failed): the file kept here would only take up space;
    // a lease that runs out brings the download round again.
    const finished = await finishDownload(db, row.id, outcome).catch((err) => {
      log.error({ err, mediaFileId: row.id }, 'media download could not be recorded');
      return null;
    });
    if (!finished) {
      if (outcome.status === 'ready') await storage.remove(outcome.storageKey);
      return;
    }
    if (outcome.status === 'retry') retryLater(outcome.delayMs);
    else await announce(finished);
  }

  /** Takes due downloads in batches until fewer are due than run at once. */
  async function downloadDue(stopping: () => boolean): Promise<void> {
    while (!stopping()) {
      const rows = await claimDueDownloads(db, concurrency, leaseMs);
      await Promise.all(rows.map((row) => attempt(row).catch((err) => log.error({ err, mediaFileId: row.id }, 'media download crashed'))));
      if (rows.length < concurrency) return;
    }
  }

  const loop = createKickableLoop({
    run: downloadDue,
    intervalMs,
    onError: (err) => log.error({ err }, 'media download worker failed'),
  });

  return {
    /** Looks for due downloads now; a call during a run makes it look once more when done. */
    kick: loop.kick,
    start: loop.start,
    async stop(): Promise<void> {
      const stopped = loop.stop();
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await stopped;
    },
  };
}
