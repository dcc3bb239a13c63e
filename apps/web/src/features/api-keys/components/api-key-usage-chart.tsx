import type { ApiKeyUsage } from '@wac/contract/api-keys';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAppSettings } from '../../../lib/app-settings';
import { QueryStatus } from '../../../ui/query-status';
import { TableHead } from '../../../ui/table-head';
import { USAGE_DAYS, useApiKeyUsage } from '../api/api-key-usage';
import { formatErrorRate, type UsageRow, usageRows } from './usage-figures';

// The legend writes each name in its series' colour, so each reaches 4.5:1 on white (WCAG AA for text).
const callsColor = '#2b6cb0';
const errorsColor = '#c82828';

/** Calls and errors per day over the last 30 days, with the share of calls that failed; the chart's table is there for screen readers. */
export function ApiKeyUsageChart({ keyId }: { keyId: number }) {
  const usage = useApiKeyUsage(keyId);
  const dateFormat = useAppSettings()['app.date_format'];
  return (
    <section className="card api-key-usage" aria-labelledby="api-key-usage-title">
      <div className="card-header">
        <h2 id="api-key-usage-title">Calls per day</h2>
        <span className="muted small">Last {USAGE_DAYS} days</span>
      </div>
      {usage.isPending || usage.isError ? (
        <QueryStatus query={usage} loadingLabel="Loading usage" />
      ) : (
        <UsageFigures usage={usage.data} rows={usageRows(usage.data, dateFormat)} />
      )}
    </section>
  );
}

function UsageFigures({ usage, rows }: { usage: ApiKeyUsage; rows: UsageRow[] }) {
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  return (
    <>
      <div className="stats api-key-usage-stats">
        <div className="stat">
          <span className="muted">Calls</span>
          <strong>{usage.totalCalls.toLocaleString()}</strong>
        </div>
        <div className="stat">
          <span className="muted">Errors</span>
          <strong>{errors.toLocaleString()}</strong>
        </div>
        <div className="stat">
          <span className="muted">Error rate</span>
          <strong>{formatErrorRate(usage.errorRate)}</strong>
        </div>
      </div>
      <div className="api-key-usage-canvas" aria-hidden="true">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e6ea" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
            <Tooltip />
            <Legend itemSorter={null} />
            <Bar dataKey="calls" name="Calls" fill={callsColor} isAnimationActive={false} />
            <Bar dataKey="errors" name="Errors" fill={errorsColor} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="api-key-usage-table">
        <summary>Show the calls per day as a table</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Calls and errors per day</caption>
            <TableHead columns={['Day', 'Calls', 'Errors']} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.date}>
                  <th scope="row">{row.label}</th>
                  <td>{row.calls.toLocaleString()}</td>
                  <td>{row.errors.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
