import type pg from 'pg';

/** The bare baselines' table, shaped like webhook_events (with its index of unprocessed rows), created when missing. */
export async function createBareEventsTable(pool: pg.Pool, table: string): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  payload jsonb NOT NULL,
  processed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  error text
)`);
  await pool.query(`CREATE INDEX IF NOT EXISTS ${table}_unprocessed_idx ON ${table} (id) WHERE processed_at IS NULL`);
}
