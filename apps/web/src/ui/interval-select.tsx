/** A labelled drop-down of a chart's intervals, each shown by its name in `labels` ("Hourly", "Daily", ...). */
export function IntervalSelect<I extends string>({
  id,
  value,
  intervals,
  labels,
  onChange,
}: {
  id: string;
  value: I;
  intervals: readonly I[];
  labels: Record<I, string>;
  onChange: (interval: I) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Interval</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as I)}>
        {intervals.map((i) => (
          <option key={i} value={i}>
            {labels[i]}
          </option>
        ))}
      </select>
    </div>
  );
}
