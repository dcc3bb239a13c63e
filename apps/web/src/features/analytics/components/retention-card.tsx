import type { UseQueryResult } from '@tanstack/react-query';
import type { Retention } from '@wac/contract/analytics';
import dayjs from 'dayjs';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { csvFilename, type TableColumn } from '../../../ui/dashboard/dashboard-table';

type Cohort = Retention['cohorts'][number];

/** A week's rate: the server's percent (0–100, one decimal). */
const percent = (rate: number) => `${Math.round(rate * 10) / 10}%`;

function retentionColumns(cohorts: Cohort[]): TableColumn<Cohort>[] {
  const weeks = Math.max(0, ...cohorts.flatMap((c) => c.weeks.map((w) => w.week)));
  return [
    { heading: 'First wrote in', cell: (c) => `Week of ${dayjs(c.cohortWeek).format('D MMM YYYY')}` },
    { heading: 'Customers', cell: (c) => c.customers },
    ...Array.from({ length: weeks + 1 }, (_, week) => {
      const of = (c: Cohort) => c.weeks.find((w) => w.week === week);
      return {
        heading: week === 0 ? 'Week 0' : `Week ${week}`,
        cell: (c: Cohort) => {
          const w = of(c);
          return w ? `${percent(w.rate)} (${w.active})` : null;
        },
        shade: (c: Cohort) => {
          const w = of(c);
          return w ? w.rate / 100 : null;
        },
      };
    }),
  ];
}

/** Customers by the week they first wrote, and the share of them who wrote again each week after (a table heatmap). */
export function RetentionCard({
  query,
  range,
  unavailable,
}: {
  query: UseQueryResult<Retention>;
  range: DashboardRange;
  /** Said instead of the cohorts while a filter is set: they are kept for the whole install only. */
  unavailable: string | null;
}) {
  const cohorts = query.data?.cohorts;
  return (
    <ChartCard
      title="Customers returning, by the week they first wrote"
      description="Week k: the share of the cohort (and how many) who wrote again k weeks after their first week; darker is more."
      query={query}
      unavailable={unavailable}
      rows={cohorts}
      columns={retentionColumns(cohorts ?? [])}
      empty="No customer wrote for the first time in these dates."
      filename={csvFilename('retention-cohorts', range)}
      rowKey={(c) => c.cohortWeek}
    />
  );
}
