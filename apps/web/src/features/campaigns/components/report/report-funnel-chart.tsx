import type { CampaignReport } from '@wac/contract/campaign-reports';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TableHead } from '../../../../ui/table-head';
import { ChartFigure } from './chart-figure';
import { gridColor, labelColor, seriesColors } from './report-colors';
import { formatCount, formatRate, funnelRows } from './report-figures';

/** Recipients → sent → delivered → read, as bars shrinking step by step. */
export function ReportFunnelChart({ report }: { report: CampaignReport }) {
  const rows = funnelRows(report);
  return (
    <ChartFigure
      title="Delivery funnel"
      description="How many recipients each step reached: a read message was also delivered and sent."
      table={
        <table className="table">
          <caption className="visually-hidden">Delivery funnel</caption>
          <TableHead columns={['Step', 'Recipients', 'Of all recipients']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.step}>
                <th scope="row">{row.label}</th>
                <td>{formatCount(row.count)}</td>
                <td>{formatRate(row.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 48, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={gridColor} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={90} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="count" name="Recipients" maxBarSize={32} isAnimationActive={false}>
            {rows.map((row) => (
              <Cell key={row.step} fill={seriesColors[row.step]} />
            ))}
            <LabelList dataKey="count" position="right" fill={labelColor} fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
