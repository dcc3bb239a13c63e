import { FigureTile } from '../../../ui/dashboard/figure-tile';
import { FilterControls } from '../../../ui/dashboard/filter-controls';
import { RangeControls } from '../../../ui/dashboard/range-controls';
import { useDashboardFilter } from '../../../ui/dashboard/use-dashboard-filter';
import { useDashboardRange } from '../../../ui/dashboard/use-dashboard-range';
import { useSentimentAnalytics } from '../api/analytics-queries';
import { useFilterChoices } from '../api/filter-options';
import {
  AccuracyCard,
  MostNegativeCard,
  NegativeWordsCard,
  SentimentDistributionCard,
  SentimentTrendCard,
} from '../components/sentiment-cards';

/** What sentiment can be narrowed to: the conversation's holder, or the business number it came in on. */
const FILTERS = ['agentId', 'phoneNumberId'] as const;

/** How customers feel (every signed-in user): trend, distribution, the unhappiest conversations, and how far to trust it. */
export function SentimentPage() {
  const { range, changeRange, today, zone, problem } = useDashboardRange();
  const { filter, changeFilter } = useDashboardFilter(FILTERS);
  const choices = useFilterChoices(FILTERS, filter);
  const sentiment = useSentimentAnalytics(range, filter, problem === null);
  const totals = sentiment.data?.totals;
  const scored = totals ? totals.positive + totals.neutral + totals.negative : 0;
  return (
    <div className="page dashboard-page">
      <RangeControls range={range} today={today} problem={problem} onChange={changeRange} />
      <FilterControls choices={choices} filter={filter} onChange={changeFilter} />
      {problem === null && (
        <>
          {totals && (
            <section aria-label="Figures" className="stats">
              <FigureTile label="Messages scored" value={scored} />
              <FigureTile label="Negative messages" value={totals.negative} />
              <FigureTile label="Average score" value={totals.averageScore} format={(n) => n.toFixed(2)} unavailable="No messages scored" />
            </section>
          )}
          <SentimentTrendCard query={sentiment} range={range} zone={zone} />
          <div className="dashboard-grid">
            <SentimentDistributionCard query={sentiment} range={range} />
            <NegativeWordsCard query={sentiment} range={range} />
          </div>
          <MostNegativeCard query={sentiment} range={range} />
          <AccuracyCard query={sentiment} range={range} />
        </>
      )}
    </div>
  );
}
