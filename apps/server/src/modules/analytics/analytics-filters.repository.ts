import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/*
 * The analytics read model looks at the rows it is built from by SQL of its own, as its rollups do: here only whether
 * a filter's campaign or flow exists.
 */

/** Whether the campaign or flow with this id exists. */
export async function exists(db: Db, table: 'campaigns' | 'flows', id: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id}) AS found`,
  );
  return rows[0]?.found === true;
}
