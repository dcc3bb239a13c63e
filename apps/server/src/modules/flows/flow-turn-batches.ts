import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Db, databaseOn } from '../../db/database.ts';

/**
 * Group commit: what many callers submit while flushes run is flushed together by the next one, so a burst of
 * customers costs a few statements per batch rather than per customer, and a lone customer waits for nothing (the
 * first submit flushes on the next turn of the event loop). Up to `concurrency` flushes run at once. Should a batch
 * fail, its items are flushed one by one, so one bad item fails alone.
 */
export function createBatcher<I, O>(flush: (items: I[]) => Promise<O[]>, maxBatch: number, concurrency = 1) {
  let queue: { item: I; resolve: (out: O) => void; reject: (err: unknown) => void }[] = [];
  let flushing = 0;
  let scheduled = false;

  async function flushAll(batch: typeof queue): Promise<void> {
    try {
      const out = await flush(batch.map((entry) => entry.item));
      for (const [k, entry] of batch.entries()) entry.resolve(out[k] as O);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const entry of batch) await flushAll([entry]);
    }
  }

  function schedule(): void {
    if (scheduled || flushing >= concurrency || queue.length === 0) return;
    scheduled = true;
    setImmediate(async () => {
      scheduled = false;
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      if (batch.length === 0) return;
      flushing++;
      schedule();
      await flushAll(batch);
      flushing--;
      schedule();
    });
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}

/**
 * The process's own connection for its conversations' turn locks (session-level advisory locks, held from a claim
 * until the replies are sent, across several transactions). Made on first use; should it break, the locks went with
 * it (PostgreSQL released them), turns under way finish, and the next use makes a new one.
 */
export function createTurnLockConnection(databaseUrl: string, log: FastifyBaseLogger) {
  let current: { db: Promise<Db>; client: pg.Client; broken: boolean } | null = null;

  function connection() {
    if (current && !current.broken) return current;
    const client = new pg.Client({ connectionString: databaseUrl });
    const made = { client, broken: false, db: client.connect().then(() => databaseOn(client)) };
    const broke = (err?: Error) => {
      if (made.broken) return;
      made.broken = true;
      if (err) log.warn({ err }, 'the bot turn lock connection failed; the locks it held are released');
    };
    client.on('error', broke);
    client.on('end', () => broke());
    current = made;
    return made;
  }

  return {
    /** Runs `work` on the lock connection; a failure marks it for a new one next time. */
    async use<T>(work: (db: Db) => Promise<T>): Promise<T> {
      const made = connection();
      try {
        return await work(await made.db);
      } catch (err) {
        made.broken = true;
        void made.client.end().catch(() => {});
        throw err;
      }
    },
    async close(): Promise<void> {
      const made = current;
      current = null;
      if (made) {
        made.broken = true;
        await made.client.end().catch(() => {});
      }
    },
  };
}
