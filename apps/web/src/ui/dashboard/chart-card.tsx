import { type ComponentType, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import './dashboard.css';
import { Link, useNavigate } from 'react-router';
import { saveBlob } from '../../lib/download-file';
import { Button } from '../button';
import { QueryStatus } from '../query-status';
import type { DashboardChartProps } from './dashboard-chart';
import { type ChartSpec, cellText, chartColumns, nothingToShow, type TableColumn, tableCsv } from './dashboard-table';

// Recharts is a chunk of its own, fetched the first time a chart is drawn.
const LazyChart = lazy(() =>
  import('./dashboard-chart').then((m) => ({ default: m.DashboardChart as ComponentType<DashboardChartProps<unknown>> })),
);

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface ChartCardProps<Row> {
  title: string;
  /** A line under the title: what is counted, and how. */
  description?: ReactNode;
  /** The request behind the card: a skeleton while it loads, its error (with a retry) if it failed. */
  query: QueryLike;
  /** The rows once loaded. */
  rows: Row[] | undefined;
  /** Drawn with Recharts when given; without it the table is the card's content. */
  chart?: ChartSpec<Row>;
  /** The table (and CSV) columns; the chart's category and series by default. */
  columns?: TableColumn<Row>[];
  /** What the card says when there is nothing to show. */
  empty: string;
  /** The CSV file's name. */
  filename: string;
  /** Where a click on a point, a bar or a row's first cell leads (the conversations behind it). */
  drillDown?: (row: Row) => string;
  rowKey?: (row: Row, index: number) => string;
  /** Said instead of the figures when the dashboard's filter cannot narrow them (its request is not made). */
  unavailable?: string | null;
}

function Skeleton({ label }: { label: string }) {
  return (
    <div className="chart-skeleton" role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </div>
  );
}

/** A table of a card's rows: the first column names the row (a link when it drills down), cells shaded for heatmaps. */
export function RowsTable<Row>({
  caption,
  columns,
  rows,
  drillDown,
  rowKey,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  drillDown?: (row: Row) => string;
  rowKey?: (row: Row, index: number) => string;
}) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    // Focusable, so a table wider than the screen can be scrolled from the keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-wrap" tabIndex={0} aria-label={`${caption}, table`}>
      <table className="table dashboard-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.heading} scope="col">
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const name = cellText(first.cell(row));
            return (
              <tr key={rowKey ? rowKey(row, i) : name}>
                <th scope="row">{drillDown ? <Link to={drillDown(row)}>{name}</Link> : name}</th>
                {rest.map((c) => {
                  const shade = c.shade?.(row) ?? null;
                  return (
                    <td
                      key={c.heading}
                      className={shade === null ? undefined : `heat heat-${Math.min(4, Math.max(0, Math.ceil(shade * 4)))}`}
                    >
                      {cellText(c.cell(row))}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A dashboard card: its title, a Recharts chart (loaded lazily, a skeleton meanwhile), the same data as a table on
 * demand ("Show table"), and "Export CSV" downloading exactly that table. Says `empty` when there is nothing to draw.
 */
export function ChartCard<Row>({
  title,
  description,
  query,
  rows,
  chart,
  columns,
  empty,
  filename,
  drillDown,
  rowKey,
  unavailable,
}: ChartCardProps<Row>) {
  const headingId = useId();
  const navigate = useNavigate();
  const [showTable, setShowTable] = useState(false);
  const tableColumns = columns ?? (chart ? chartColumns(chart) : []);
  const ready = !unavailable && rows !== undefined && !query.isError;
  const isEmpty = ready && nothingToShow(rows, chart);

  const exportCsv = () => {
    if (rows) saveBlob(new Blob([tableCsv(tableColumns, rows)], { type: 'text/csv;charset=utf-8' }), filename);
  };

  let body: ReactNode;
  if (unavailable) body = <p className="empty-state muted">{unavailable}</p>;
  else if (query.isError) body = <QueryStatus query={query} loadingLabel={`Loading ${title}`} />;
  else if (!rows) body = <Skeleton label={`Loading ${title}`} />;
  else if (isEmpty) body = <p className="empty-state muted">{empty}</p>;
  else if (chart && !showTable) {
    body = (
      <Suspense fallback={<Skeleton label={`Drawing ${title}`} />}>
        <LazyChart
          title={title}
          rows={rows}
          chart={chart as ChartSpec<unknown>}
          onSelect={drillDown ? (row) => navigate(drillDown(row as Row)) : undefined}
        />
      </Suspense>
    );
  } else body = <RowsTable caption={title} columns={tableColumns} rows={rows} drillDown={drillDown} rowKey={rowKey} />;

  return (
    <section className="card dashboard-card" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>{title}</h2>
        {ready && !isEmpty && (
          <div className="dashboard-card-actions">
            {chart && (
              <button type="button" className="btn btn-ghost btn-small" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
                Show table
              </button>
            )}
            <Button variant="secondary" className="btn-small" onClick={exportCsv}>
              Export CSV
            </Button>
          </div>
        )}
      </div>
      {description && <p className="muted small dashboard-card-description">{description}</p>}
      {body}
    </section>
  );
}
