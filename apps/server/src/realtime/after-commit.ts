import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../db/database.ts';

/** What each open transaction will announce once it commits, in the order it was said. */
const held = new WeakMap<Tx, (() => void)[]>();

/** Where an announcement that throws is reported: the change is committed, so the caller must not see it fail. */
let reportFailure: (err: unknown) => void = () => {};

export function onAnnouncementFailure(report: (err: unknown) => void): void {
  reportFailure = report;
}

/**
 * The one way a change announces itself: `work` runs in a transaction and says what to announce through
 * afterCommit; that is sent in order once the transaction committed, and never if it rolled back, so no
 * screen shows what the database does not hold.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const announcements: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    held.set(tx, announcements);
    return work(tx);
  });
  for (const announce of announcements) {
    try {
      announce();
    } catch (err) {
      reportFailure(err);
    }
  }
  return result;
}

/**
 * A savepoint in a transaction opened with inTransaction: what the work announces joins the transaction's
 * announcements once the savepoint is released, and goes with it when it rolls back.
 */
export async function inSavepoint<T>(tx: Tx, work: (savepoint: Tx) => Promise<T>): Promise<T> {
  const outer = held.get(tx);
  if (!outer) throw new Error('inSavepoint needs a transaction opened with inTransaction');
  const announcements: (() => void)[] = [];
  const result = await tx.transaction(async (savepoint) => {
    held.set(savepoint, announcements);
    return work(savepoint);
  });
  outer.push(...announcements);
  return result;
}

/** Holds `announce` until the caller's transaction commits; outside a transaction it runs at once. */
export function afterCommit(dbOrTx: DbOrTx, announce: () => void): void {
  const announcements = held.get(dbOrTx as Tx);
  if (announcements) announcements.push(announce);
  else if (dbOrTx instanceof PgTransaction) throw new Error('afterCommit needs a transaction opened with inTransaction');
  else announce();
}
