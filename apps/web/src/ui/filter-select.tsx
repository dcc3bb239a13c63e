export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

export interface FilterSelectProps<V extends string> {
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The first option, which filters nothing, e.g. "All statuses". */
  allLabel: string;
  value: V | '';
  options: readonly FilterOption<V>[];
  onChange: (value: V | '') => void;
  /** Set when a visible <label htmlFor> names it. */
  id?: string;
}

/** A list's filter drop-down: every value, after one option that turns the filter off. */
export function FilterSelect<V extends string>({ label, allLabel, value, options, onChange, id }: FilterSelectProps<V>) {
  return (
    <select
      id={id}
      className="input"
      aria-label={id ? undefined : label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | '')}
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
