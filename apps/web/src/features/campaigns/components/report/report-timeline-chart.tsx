import type { CampaignBatchAnalysis } from '@wac/contract/campaign-reports';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAppSettings } from '../../../../lib/app-settings';
import { TableHead } from '../../../../ui/table-head';
import { ChartFigure } from './chart-figure';
import { gridColor, seriesColors } from './report-colors';
import { formatBucketWidth, formatCount, timelineRows } from './report-figures';

const series = [
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['read', 'Read'],
  ['failed', 'Failed'],
] as const;

/** Sent, delivered, read and failed events per bucket, from the first event to the last. */
export function ReportTimelineChart({ analysis }: { analysis: CampaignBatchAnalysis }) {
  const settings = useAppSettings();
  const rows = timelineRows(analysis, settings['app.timezone'], settings['app.time_format']);
  const width = formatBucketWidth(analysis.bucketSeconds);
  return (
    <ChartFigure
      title="Messages over time"
      description={
        <>
          Events per {width} (times in {settings['app.timezone']}); a message sent in one interval may be read in a later one. Peak:{' '}
          {formatCount(analysis.peakSentPerSecond)} sent in one second.
        </>
      }
      table={
        <table className="table">
          <caption className="visually-hidden">Messages over time, per {width}</caption>
          <TableHead columns={['From', ...series.map(([, label]) => label)]} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.start}>
                <th scope="row">{row.label}</th>
                {series.map(([key]) => (
                  <td key={key}>{formatCount(row[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={gridColor} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
          <Tooltip />
          <Legend itemSorter={null} />
          {series.map(([key, label]) => (
            <Line
              key={key}
              type="monotone"
              dataKey={key}
              name={label}
              stroke={seriesColors[key]}
              strokeWidth={2}
              dot={rows.length < 40}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
