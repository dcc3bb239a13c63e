import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';

/** A moment as "in a minute" or "5 minutes ago" (as of `now`, the last refresh), with the date and time under it. */
export function JobTime({ at, now }: { at: string; now: Date }) {
  return (
    <>
      <time dateTime={at} title={formatDateTime(at)}>
        {formatRelativeTime(at, now)}
      </time>
      <div className="muted small">{formatDateTime(at)}</div>
    </>
  );
}
