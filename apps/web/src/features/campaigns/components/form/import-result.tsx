import { TableHead } from '../../../../ui/table-head';
import type { ContactImportResult } from '../../api/campaign-contacts';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What an import did: contacts added and updated, duplicates merged, and each refused row with its line. */
export function ImportResult({ result, lineOf = (n) => n }: { result: ContactImportResult; lineOf?: (line: number) => number }) {
  const refused = Math.max(result.errorCount, result.errors.length);
  return (
    <section className="campaign-import-result" aria-label="Import result">
      <p role="status" className={refused > 0 ? 'status-banner status-banner-warning' : 'status-banner status-banner-success'}>
        {plural(result.added, 'contact')} added, {result.updated.toLocaleString('en')} updated, {plural(result.merged, 'duplicate')} merged
        {refused > 0 ? `, ${plural(refused, 'row')} refused` : ''}.
      </p>
      {result.errors.length > 0 && (
        <div className="table-wrap campaign-import-errors">
          <table className="table">
            <caption className="visually-hidden">Rows refused</caption>
            <TableHead columns={['Line', 'Reason']} />
            <tbody>
              {result.errors.map((e) => (
                <tr key={`${e.line}:${e.reason}`}>
                  <td className="mono">{lineOf(e.line)}</td>
                  <td>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {refused > result.errors.length && (
            <p className="small muted">…and {plural(refused - result.errors.length, 'more row')} refused for the same kinds of reasons.</p>
          )}
        </div>
      )}
    </section>
  );
}
