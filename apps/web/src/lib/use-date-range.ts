import { useState } from 'react';
import { useAppSettings } from './app-settings';
import { type DateRange, defaultRange, rangeError } from './date-range';

/**
 * A page's date range, from `initial` (what the address names, say) else the default range in the app's timezone;
 * `invalid` says why it cannot be asked for.
 */
export function useDateRange(initial: Partial<DateRange> = {}) {
  const zone = useAppSettings()['app.timezone'];
  const [range, setRange] = useState(() => ({ ...defaultRange(new Date(), zone), ...initial }));
  const changeRange = (patch: Partial<DateRange>) => setRange((r) => ({ ...r, ...patch }));
  return { range, changeRange, invalid: rangeError(range.startDate, range.endDate) };
}
