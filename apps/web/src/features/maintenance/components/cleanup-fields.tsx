import { CLEANUP_MAX_DAYS } from '@wac/contract/cleanup';
import type { ChangeEvent } from 'react';
import { TextField } from '../../../ui/text-field';

interface DaysFieldProps {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  /** What ages: "Files last changed", "Rows created". */
  what: string;
}

/** How old what goes must be, in whole days. */
export function DaysField({ value, onChange, error, what }: DaysFieldProps) {
  return (
    <TextField
      label="Older than (days)"
      name="days"
      type="number"
      inputMode="numeric"
      min={0}
      max={CLEANUP_MAX_DAYS}
      step={1}
      value={value}
      onChange={onChange}
      error={error}
      hint={`${what} more than this many days ago, 0 to ${CLEANUP_MAX_DAYS.toLocaleString('en')}.`}
    />
  );
}

/** A single checkbox with its label beside it. */
export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export const DRY_RUN_LABEL = 'Dry run: count what would go, delete nothing';
