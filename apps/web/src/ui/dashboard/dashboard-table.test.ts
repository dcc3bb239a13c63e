import { describe, expect, it } from 'vitest';
import { type ChartSpec, chartColumns, chartPoints, nothingToShow, tableCsv } from './dashboard-table';

interface Agent {
  name: string;
  median: number | null;
  replies: number;
}
const chart: ChartSpec<Agent> = {
  categoryHeading: 'Agent',
  category: (a) => a.name,
  series: [
    { label: 'Median reply', value: (a) => a.median, color: '#000', format: (s) => `${s} s` },
    { label: 'Replies', value: (a) => a.replies, color: '#000' },
  ],
};
const agents: Agent[] = [
  { name: '=amy', median: 45, replies: 12 },
  { name: 'bruno', median: null, replies: 0 },
];

describe('dashboard tables', () => {
  it('plots each series under its own key, the row’s category beside it', () => {
    expect(chartPoints(agents, chart)).toEqual([
      { category: '=amy', s0: 45, s1: 12 },
      { category: 'bruno', s0: null, s1: 0 },
    ]);
  });

  it('writes the chart’s table as CSV: formatted cells as text, counts bare, nothing empty, formulas defused', () => {
    expect(tableCsv(chartColumns(chart), agents)).toBe(`\uFEFF"Agent","Median reply","Replies"\r\n"'=amy","45 s",12\r\n"bruno",,0\r\n`);
  });

  it('has nothing to show without rows or with every value empty or zero', () => {
    expect(nothingToShow([], chart)).toBe(true);
    expect(nothingToShow([{ name: 'c', median: null, replies: 0 }], chart)).toBe(true);
    expect(nothingToShow(agents, chart)).toBe(false);
    expect(nothingToShow(agents)).toBe(false);
  });
});
