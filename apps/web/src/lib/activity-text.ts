import { type DescribableActivity, describeActivity, type FormatTime } from '@wac/contract/activity-text';
import { formatDateTime } from './format-date';

/** Moments as the app's settings write them (date format, time format, timezone). */
export const appTime: FormatTime = (iso) => formatDateTime(iso);

/** An activity's sentence as people read it: the moments it names in the app's date format. */
export function activitySentence(activity: DescribableActivity): string {
  return describeActivity(activity, appTime);
}
