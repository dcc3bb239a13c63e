import { useMemo } from 'react';
import { useAppSettings } from '../../../lib/app-settings';
import type { DateSettings } from './chat-dates';

/** The app's date, time and zone settings as one stable object, so memoised rows re-render only when they change. */
export function useDateSettings(): DateSettings {
  const settings = useAppSettings();
  const dateFormat = settings['app.date_format'];
  const timeFormat = settings['app.time_format'];
  const timezone = settings['app.timezone'];
  return useMemo(
    () => ({ 'app.date_format': dateFormat, 'app.time_format': timeFormat, 'app.timezone': timezone }),
    [dateFormat, timeFormat, timezone],
  );
}
