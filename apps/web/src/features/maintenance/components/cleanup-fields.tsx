import { CLEANUP_MAX_DAYS } from '@wac/contract/cleanup';
import { type ChangeEvent, useId } from 'react';
import { type FilterOption, FilterSelect } from '../../../ui/filter-select';
import { TextField } from '../../../ui/text-field';

interface WholeNumberFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  min: number;
  max: number;
  hint: string;
}

/** A whole number within bounds, typed as text so that an empty field is refused rather than read as 0. */
export function WholeNumberField(props: WholeNumberFieldProps) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}

/** How old what goes must be, in whole days; `what` says what ages: "Files last changed", "Rows created". */
export function DaysField({ what, ...field }: Pick<WholeNumberFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { what: string }) {
  return (
    <WholeNumberField
      label="Older than (days)"
      min={0}
      max={CLEANUP_MAX_DAYS}
      hint={`${what} more than this many days ago, 0 to ${CLEANUP_MAX_DAYS.toLocaleString('en')}.`}
      {...field}
    />
  );
}

interface AnySelectFieldProps<V extends string> {
  label: string;
  /** The first option, which narrows nothing: "Any direction". */
  anyLabel: string;
  value: V | '';
  options: readonly FilterOption<V>[];
  onChange: (value: V | '') => void;
}

/** A labelled drop-down whose first option means "any". */
export function AnySelectField<V extends string>({ label, anyLabel, ...select }: AnySelectFieldProps<V>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FilterSelect id={id} label={label} allLabel={anyLabel} {...select} />
    </div>
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
