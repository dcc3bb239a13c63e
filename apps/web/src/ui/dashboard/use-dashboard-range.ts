import { useSearchParams } from 'react-router';
import { useAppSettings } from '../../lib/app-settings';
import { type DashboardRange, rangeFromSearch, rangeProblem, searchWithRange, todayIn } from './dashboard-range';

/**
 * A dashboard's range and interval, kept in the address (?from=&to=&interval=) so a reload, a bookmark or a shared
 * link shows the same figures; `problem` says why the server would refuse it.
 */
export function useDashboardRange() {
  const zone = useAppSettings()['app.timezone'];
  const [params, setParams] = useSearchParams();
  const today = todayIn(new Date(), zone);
  const range = rangeFromSearch(params, today);
  const changeRange = (patch: Partial<DashboardRange>) => setParams((current) => searchWithRange(current, { ...range, ...patch }));
  return { range, changeRange, today, zone, problem: rangeProblem(range) };
}
