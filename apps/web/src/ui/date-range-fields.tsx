import { useId } from 'react';
import type { DateRange } from '../lib/date-range';

interface DateFieldProps {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}

function DateField({ label, value, min, max, onChange }: DateFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Start and end date inputs, each bounded by the other so the pickers offer only a start on or before the end. */
export function DateRangeFields({ range, onChange }: { range: DateRange; onChange: (patch: Partial<DateRange>) => void }) {
  return (
    <>
      <DateField label="Start date" value={range.startDate} max={range.endDate} onChange={(startDate) => onChange({ startDate })} />
      <DateField label="End date" value={range.endDate} min={range.startDate} onChange={(endDate) => onChange({ endDate })} />
    </>
  );
}
