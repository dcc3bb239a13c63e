import { useSearchParams } from 'react-router';
import { type DashboardFilter, type DashboardFilterName, filterFromSearch, searchWithFilter } from './dashboard-filter';

/**
 * A dashboard's filter (one of those it offers), kept in the address beside the range (?agentId=3) so a reload, a
 * bookmark or a shared link shows the same figures.
 */
export function useDashboardFilter(offered: readonly DashboardFilterName[]) {
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearch(params, offered);
  const changeFilter = (next: DashboardFilter | null) => setParams((current) => searchWithFilter(current, next));
  return { filter, changeFilter };
}
