import { useId } from 'react';

interface ReportFilterProps<V extends string> {
  label: string;
  /** The first option, which filters nothing ("All agents"). */
  allLabel: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V | '') => void;
}

/** One of the report's filters: a labelled drop-down whose first option turns it off. */
export function ReportFilter<V extends string>({ label, allLabel, value, options, onChange }: ReportFilterProps<V>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
