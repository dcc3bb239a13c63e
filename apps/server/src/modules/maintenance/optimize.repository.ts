import type { OptimizeOperation, SizeFigures } from '@wac/contract/maintenance';
import pg from 'pg';

/** The session-level advisory lock one optimize holds at a time across every server process (one-key space). */
export const OPTIMIZE_LOCK_ID = 4_170_731;

export type TableSize = SizeFigures & { table: string };

/** What each operation runs on a table; the table names come from the contract's map, quoted all the same. */
export function optimizeStatement(operation: OptimizeOperation, table: string): string {
  const name = pg.escapeIdentifier(table);
  return operation === 'reIndex' ? `REINDEX TABLE CONCURRENTLY ${name}` : `ANALYZE ${name}`;
}

/** Runs one statement on the optimize's own connection. */
export type Execute = (statement: string) => Promise<void>;

export function createOptimizeRepository(pool: pg.Pool) {
  return {
    /**
     * The tables' sizes from the catalogue, in the order given. Rows: n_live_tup follows every write; after a statistics
     * reset it reads 0 with nothing dead, and reltuples (as of the last VACUUM or ANALYZE, -1 before any) stands in.
     */
    async tableSizes(tables: readonly string[]): Promise<TableSize[]> {
      const { rows } = await pool.query<{ table: string; rows: string; table_bytes: string; index_bytes: string; total_bytes: string }>(
        `SELECT t.name AS table,
                CASE WHEN s.n_live_tup > 0 OR s.n_dead_tup > 0 THEN s.n_live_tup ELSE greatest(c.reltuples, 0) END::bigint AS rows,
                coalesce(pg_relation_size(c.oid), 0) AS table_bytes,
                coalesce(pg_indexes_size(c.oid), 0) AS index_bytes,
                coalesce(pg_total_relation_size(c.oid), 0) AS total_bytes
           FROM unnest($1::text[]) WITH ORDINALITY AS t(name, position)
           LEFT JOIN pg_class c ON c.oid = to_regclass(quote_ident(t.name))
           LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
          ORDER BY t.position`,
        [tables],
      );
      return rows.map((row) => ({
        table: row.table,
        rows: Number(row.rows ?? 0),
        tableBytes: Number(row.table_bytes),
        indexBytes: Number(row.index_bytes),
        totalBytes: Number(row.total_bytes),
      }));
    },

    /**
     * Runs `work` holding the optimize lock, on a connection of its own and outside any transaction (REINDEX
     * CONCURRENTLY refuses to run inside one); null, with nothing run, when another session holds the lock. The lock is
     * let go before the connection goes back to the pool; a connection that cannot let go is closed, which does.
     */
    async whileLocked<T>(work: (execute: Execute) => Promise<T>): Promise<{ value: T } | null> {
      const client = await pool.connect();
      // While the session may hold the lock it must not go back to the pool: released with `true`, it is closed instead.
      let mayHoldLock = true;
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [OPTIMIZE_LOCK_ID]);
        if (!rows[0]?.locked) {
          mayHoldLock = false;
          return null;
        }
        try {
          return { value: await work(async (statement) => void (await client.query(statement))) };
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [OPTIMIZE_LOCK_ID]).then(
            () => {
              mayHoldLock = false;
            },
            () => {},
          );
        }
      } finally {
        client.release(mayHoldLock);
      }
    },
  };
}
