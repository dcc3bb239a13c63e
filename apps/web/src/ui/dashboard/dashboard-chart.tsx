import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartSeries, type ChartSpec, chartPoints } from './dashboard-table';

// Loaded by ChartCard with React.lazy: Recharts and this file make their own chunk, fetched when a chart first shows.

export interface DashboardChartProps<Row> {
  title: string;
  rows: Row[];
  chart: ChartSpec<Row>;
  /** A click on a point or a bar: the row behind it. */
  onSelect?: (row: Row) => void;
}

const ROW_HEIGHT = 36;

function drawn<Row>(series: ChartSeries<Row>, index: number, layout: 'columns' | 'bars') {
  const common = {
    name: series.label,
    dataKey: `s${index}`,
    stackId: series.stack,
    yAxisId: layout === 'columns' ? (series.axis ?? 'left') : undefined,
    isAnimationActive: false,
  };
  if (series.shape === 'bar' || layout === 'bars') return <Bar key={series.label} {...common} fill={series.color} />;
  if (series.shape === 'area') {
    return <Area key={series.label} {...common} type="monotone" stroke={series.color} fill={series.color} fillOpacity={0.35} />;
  }
  return <Line key={series.label} {...common} type="monotone" stroke={series.color} strokeWidth={2} connectNulls dot={false} />;
}

/** A chart of a dashboard: Recharts over the rows of its table, with tooltips and a legend. */
export function DashboardChart<Row>({ title, rows, chart, onSelect }: DashboardChartProps<Row>) {
  const layout = chart.layout ?? 'columns';
  const data = chartPoints(rows, chart);
  const formatOf = new Map(chart.series.map((s) => [s.label, s.format]));
  const tooltipValue = (value: unknown, name: unknown) => {
    const format = formatOf.get(String(name));
    return typeof value === 'number' && format ? format(value) : String(value ?? '–');
  };
  const rightAxis = layout === 'columns' && chart.series.some((s) => s.axis === 'right');
  // Ticks keep the two first words of a value ("1 min" of "1 min 30 s"), so they fit beside the axis.
  const axisFormat = (side: 'left' | 'right') => {
    const format = chart.series.find((s) => (s.axis ?? 'left') === side)?.format;
    return format && ((value: number) => format(value).split(' ').slice(0, 2).join(' '));
  };
  const height = layout === 'bars' ? Math.max(200, rows.length * ROW_HEIGHT + 60) : 300;
  const select = (state: { activeTooltipIndex?: unknown }) => {
    const picked = rows[Number(state.activeTooltipIndex)];
    if (onSelect && picked !== undefined) onSelect(picked);
  };
  return (
    <div className={`dashboard-chart${onSelect ? ' is-clickable' : ''}`}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart
          data={data}
          layout={layout === 'bars' ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          onClick={onSelect ? select : undefined}
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e6ea" />
          {layout === 'bars' ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={axisFormat('left')} />
              <YAxis type="category" dataKey="category" width={140} tick={{ fontSize: 12 }} />
            </>
          ) : (
            <>
              <XAxis dataKey="category" tick={{ fontSize: 12 }} />
              <YAxis yAxisId="left" allowDecimals={false} tick={{ fontSize: 12 }} width={56} tickFormatter={axisFormat('left')} />
              {rightAxis && (
                <YAxis yAxisId="right" orientation="right" tick={{ fontSize: 12 }} width={56} tickFormatter={axisFormat('right')} />
              )}
            </>
          )}
          <Tooltip formatter={tooltipValue} />
          <Legend itemSorter={null} />
          {chart.series.map((s, i) => drawn(s, i, layout))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
