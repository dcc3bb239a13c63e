import type { CampaignFailureAnalysis } from '@wac/contract/campaign-reports';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TableHead } from '../../../../ui/table-head';
import { ChartFigure } from './chart-figure';
import { gridColor, labelColor, seriesColors } from './report-colors';
import { formatCount, formatRate, reasonCode, reasonLabel } from './report-figures';

/** Failed and unknown recipients by reason, largest first: bars, and the table that explains each reason. */
export function ReportFailures({ analysis }: { analysis: CampaignFailureAnalysis }) {
  if (analysis.groups.length === 0) {
    return (
      <section className="card report-chart" aria-labelledby="report-failures-title">
        <h3 id="report-failures-title">Failure reasons</h3>
        <p className="muted">No message failed.</p>
      </section>
    );
  }
  const rows = analysis.groups.map((group) => ({ ...group, key: `${group.state}-${group.code ?? 'none'}`, label: reasonLabel(group) }));
  return (
    <ChartFigure
      title="Failure reasons"
      description={`${formatCount(analysis.failed)} failed and ${formatCount(analysis.unknown)} with an unknown outcome, by reason.`}
      tableAlwaysShown
      table={
        <table className="table report-failures-table">
          <caption className="visually-hidden">Failure reasons</caption>
          <TableHead columns={['Code', 'Reason', 'What it means', 'Recipients', 'Share']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="mono">{reasonCode(row)}</td>
                <th scope="row">{row.title}</th>
                <td>{row.explanation ?? '—'}</td>
                <td>{formatCount(row.count)}</td>
                <td>{formatRate(row.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={Math.max(140, rows.length * 44)}>
        <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 40, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={gridColor} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={200} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="count" name="Recipients" maxBarSize={32} isAnimationActive={false}>
            {rows.map((row) => (
              <Cell key={row.key} fill={seriesColors[row.state]} />
            ))}
            <LabelList dataKey="count" position="right" fill={labelColor} fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
