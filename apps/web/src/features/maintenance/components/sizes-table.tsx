import { formatBytes } from '@wac/contract/format';
import type { DatabaseSizes, SizeFigures } from '@wac/contract/maintenance';
import { collectionLabels } from './maintenance-labels';

function Figures({ figures }: { figures: SizeFigures }) {
  return (
    <>
      <td>{figures.rows.toLocaleString('en')}</td>
      <td>{formatBytes(figures.tableBytes)}</td>
      <td>{formatBytes(figures.indexBytes)}</td>
      <td>{formatBytes(figures.totalBytes)}</td>
    </>
  );
}

/** Per collection: rows (PostgreSQL's estimate), table, indexes and everything, with the sum last. */
export function SizesTable({ sizes, caption }: { sizes: DatabaseSizes; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table maintenance-sizes">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Collection</th>
            <th scope="col">Rows</th>
            <th scope="col">Table</th>
            <th scope="col">Indexes</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {sizes.collections.map((collection) => (
            <tr key={collection.collection}>
              <th scope="row">{collectionLabels[collection.collection] ?? collection.collection}</th>
              <Figures figures={collection} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All</th>
            <Figures figures={sizes.total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
