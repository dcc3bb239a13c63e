import type { Db } from '../../db/database.ts';
import type { ClaimLoopKind } from '../../jobs/job-runner.ts';
import { downloadQueue, retryDownload } from '../messaging/media-files.repository.ts';
import type { MediaDownloadWorker } from './media-download.worker.ts';

/** Customers' files fetched from Meta as soon as their message is stored, a claimed batch at a time. */
export function mediaDownloadLoop(db: Db, worker: MediaDownloadWorker): ClaimLoopKind {
  return {
    name: 'media.downloads',
    title: 'Download customers’ media',
    loop: worker,
    queue: () => downloadQueue(db),
    retry: (id) => retryDownload(db, id),
  };
}
