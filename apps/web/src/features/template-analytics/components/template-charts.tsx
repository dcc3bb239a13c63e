import type { TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartRow, chartData, type Metric, metrics } from './analytics-series';

// The legends write each name in its series' colour, so each reaches 4.5:1 on white (WCAG AA for text).
const lineColors = ['#0f756a', '#2b6cb0', '#975a16', '#805ad5', '#b83280', '#5d6874'];
const metricColors: Record<Metric, string> = { sent: '#2b6cb0', delivered: '#0f756a', read: '#1b8047', failed: '#c82828' };
const metricLabel: Record<Metric, string> = { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' };
const MAX_BARS = 10;

/** One metric per template, bucket by bucket. */
export function TemplatesOverTime({ analytics }: { analytics: TemplateAnalyticsResponse }) {
  const [metric, setMetric] = useState<Metric>('sent');
  const { rows, lines } = chartData(analytics, metric);
  return (
    <section className="card" aria-label="Messages over time">
      <div className="card-header">
        <h2>Over time</h2>
        <fieldset className="segmented" aria-label="Metric">
          {metrics.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={metric === m}
              className={metric === m ? 'is-active' : undefined}
              onClick={() => setMetric(m)}
            >
              {metricLabel[m]}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="analytics-chart">
        <ResponsiveContainer width="100%" height={300}>
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e6ea" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
            <Tooltip />
            <Legend itemSorter={null} />
            {lines.map((line, i) => (
              <Line
                key={line}
                type="monotone"
                name={line}
                dataKey={(row: ChartRow) => row.counts[line] ?? 0}
                stroke={lineColors[i % lineColors.length]}
                strokeWidth={2}
                dot={rows.length < 40}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/** Sent, delivered, read and failed side by side for the busiest templates of the range. */
export function TemplatesCompared({ analytics }: { analytics: TemplateAnalyticsResponse }) {
  const data = analytics.templates.slice(0, MAX_BARS);
  return (
    <section className="card" aria-label="Messages per template">
      <div className="card-header">
        <h2>Per template</h2>
      </div>
      <div className="analytics-chart">
        <ResponsiveContainer width="100%" height={Math.max(220, data.length * 44)}>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e6ea" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="templateName" width={150} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend itemSorter={null} />
            {metrics.map((m) => (
              <Bar key={m} dataKey={m} name={metricLabel[m]} fill={metricColors[m]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
