import type { CollectionName, OptimizeOperation, OptimizeResult, SizeFigures } from '@wac/contract/maintenance';

/** One collection or table of an optimize: the time of each operation, its failures, and its size before and after. */
export interface OptimizeRow {
  name: string;
  times: Partial<Record<OptimizeOperation, number>>;
  errors: string[];
  before: SizeFigures | null;
  after: SizeFigures | null;
}

export interface OptimizeCollectionRow extends OptimizeRow {
  collection: CollectionName;
  tables: OptimizeRow[];
}

const emptyRow = (name: string): OptimizeRow => ({ name, times: {}, errors: [], before: null, after: null });

/**
 * The steps of an optimize folded by collection and table, each with the sizes measured before and after it: a
 * collection's time of an operation is the sum of its tables'.
 */
export function optimizeRows(result: Pick<OptimizeResult, 'collections' | 'steps' | 'before' | 'after'>): OptimizeCollectionRow[] {
  const sizes = (side: OptimizeResult['before'], collection: CollectionName) => side.collections.find((c) => c.collection === collection);
  return result.collections.map((collection) => {
    const before = sizes(result.before, collection);
    const after = sizes(result.after, collection);
    const tables = new Map<string, OptimizeRow>();
    for (const table of before?.tables ?? []) tables.set(table.table, { ...emptyRow(table.table), before: table });
    for (const table of after?.tables ?? [])
      tables.set(table.table, { ...(tables.get(table.table) ?? emptyRow(table.table)), after: table });
    const row: OptimizeCollectionRow = { ...emptyRow(collection), collection, before: before ?? null, after: after ?? null, tables: [] };
    for (const step of result.steps.filter((s) => s.collection === collection)) {
      const table = tables.get(step.table) ?? emptyRow(step.table);
      tables.set(step.table, table);
      table.times[step.operation] = (table.times[step.operation] ?? 0) + step.durationMs;
      row.times[step.operation] = (row.times[step.operation] ?? 0) + step.durationMs;
      if (!step.ok) {
        const error = `${step.table}: ${step.error ?? 'failed'}`;
        table.errors.push(error);
        row.errors.push(error);
      }
    }
    row.tables = [...tables.values()];
    return row;
  });
}
