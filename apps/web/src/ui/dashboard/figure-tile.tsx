import { figureChange } from './figure-change';
import './dashboard.css';

interface FigureTileProps {
  label: string;
  /** Null when it cannot be told: `unavailable` is written instead. */
  value: number | null;
  /** The same figure for the period just before the range; leave out for figures of "now". */
  previous?: number | null;
  format?: (value: number) => string;
  unavailable?: string;
  /** Response times: a fall is the good news, so it is drawn as such. */
  lowerIsBetter?: boolean;
}

/** One figure of a dashboard, with how it moved against the previous period in words (and an arrow, and a colour). */
export function FigureTile({
  label,
  value,
  previous,
  format = (n) => n.toLocaleString('en-US'),
  unavailable = 'No data',
  lowerIsBetter,
}: FigureTileProps) {
  const change = previous === undefined ? null : figureChange(value, previous);
  const better = change && change.direction !== 'same' && (change.direction === 'down') === Boolean(lowerIsBetter);
  const tone = !change || change.direction === 'same' ? 'neutral' : better ? 'good' : 'bad';
  return (
    <div className="card stat figure-tile">
      <span className="muted">{label}</span>
      <strong>{value === null ? <span className="figure-unavailable">{unavailable}</span> : format(value)}</strong>
      {change && (
        <span className={`figure-change figure-change-${tone}`}>
          <span aria-hidden="true">{change.direction === 'down' ? '▼ ' : change.direction === 'same' ? '' : '▲ '}</span>
          {change.text}
        </span>
      )}
    </div>
  );
}

/** Where a row of figures stands when the dashboard's filter cannot narrow them: what to do to see them. */
export function FiguresUnavailable({ label, text }: { label: string; text: string }) {
  return (
    <section aria-label={label} className="card">
      <p className="empty-state muted">{text}</p>
    </section>
  );
}
