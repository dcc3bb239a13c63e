import { type CsvCell, toCsv } from '@wac/contract/csv';

/** One column of a chart's table: its heading and each row's cell (a number, a text, or null for nothing). */
export interface TableColumn<Row> {
  heading: string;
  cell: (row: Row) => CsvCell;
  /** 0 to 1: how strongly the cell is shaded (a heatmap); null leaves it plain. */
  shade?: (row: Row) => number | null;
}

/** One measure drawn on a chart; its values are also a column of the chart's table. */
export interface ChartSeries<Row> {
  label: string;
  value: (row: Row) => number | null;
  color: string;
  /** How it is drawn: a line (default), a stacked area or bars. */
  shape?: 'line' | 'area' | 'bar';
  /** Series with the same stack are piled up. */
  stack?: string;
  /** A second scale on the right, for a measure of another kind (an average score beside counts). */
  axis?: 'left' | 'right';
  /** The value as the tooltip and the table write it ("3 min 5 s"); numbers are written as they are without it. */
  format?: (value: number) => string;
}

export interface ChartSpec<Row> {
  /** What each row is: the first column's heading ("Day", "Agent"). */
  categoryHeading: string;
  category: (row: Row) => string;
  series: ChartSeries<Row>[];
  /** `columns` (default): categories along the bottom, as a time series; `bars`: one horizontal bar per category. */
  layout?: 'columns' | 'bars';
}

/** The table a chart's data makes: its category, then one column per series. */
export function chartColumns<Row>(chart: ChartSpec<Row>): TableColumn<Row>[] {
  return [
    { heading: chart.categoryHeading, cell: chart.category },
    ...chart.series.map((s) => ({
      heading: s.label,
      cell: (row: Row) => {
        const value = s.value(row);
        return value === null ? null : s.format ? s.format(value) : value;
      },
    })),
  ];
}

/** A cell as the table shows it: numbers grouped by thousands, nothing as a dash. */
export function cellText(cell: CsvCell): string {
  if (cell === null) return '–';
  return typeof cell === 'number' ? cell.toLocaleString('en-US', { maximumFractionDigits: 2 }) : cell;
}

/** The table as CSV: the same headings, rows and cells (numbers bare, nothing empty). */
export function tableCsv<Row>(columns: TableColumn<Row>[], rows: Row[]): string {
  return toCsv(
    columns.map((c) => c.heading),
    rows.map((row) => columns.map((c) => c.cell(row))),
  );
}

/** A point as Recharts draws it: the row's category, and each series' value under `s0`, `s1`, ... (its dataKey). */
export type ChartPoint = { category: string } & Record<`s${number}`, number | null>;

export function chartPoints<Row>(rows: Row[], chart: ChartSpec<Row>): ChartPoint[] {
  return rows.map((row) => {
    const point: ChartPoint = { category: chart.category(row) };
    chart.series.forEach((s, i) => {
      point[`s${i}`] = s.value(row);
    });
    return point;
  });
}

/** Whether there is nothing to draw: no rows, or every value of every series empty or zero. */
export function nothingToShow<Row>(rows: Row[], chart?: ChartSpec<Row>): boolean {
  if (rows.length === 0) return true;
  return chart !== undefined && rows.every((row) => chart.series.every((s) => !s.value(row)));
}

/** "conversations-2026-03-01-to-2026-03-31.csv" */
export function csvFilename(name: string, dates: { startDate: string; endDate: string }): string {
  return `${name}-${dates.startDate}-to-${dates.endDate}.csv`;
}

// Each reaches 4.5:1 on white, so legends and labels written in them stay readable (WCAG AA for text).
export const chartColors = {
  green: '#0f756a',
  blue: '#2b6cb0',
  amber: '#975a16',
  purple: '#805ad5',
  pink: '#b83280',
  grey: '#5d6874',
  red: '#c82828',
  positive: '#1b8047',
  neutral: '#5d6874',
  negative: '#c82828',
} as const;
