import { TextField } from '../../../../ui/text-field';

/** '' for an empty optional number, else the whole number typed. */
const optionalInt = (text: string): number | undefined => (text.trim() === '' ? undefined : Math.trunc(Number(text)));

interface OptionalNumberFieldProps {
  label: string;
  min: number;
  max: number;
  value: number | undefined;
  /** Undefined when the field is emptied: the node's default applies. */
  onChange: (value: number | undefined) => void;
}

/** A whole number a node may leave unset. */
export function OptionalNumberField({ label, min, max, value, onChange }: OptionalNumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      min={min}
      max={max}
      value={value ?? ''}
      onChange={(e) => onChange(optionalInt(e.target.value))}
    />
  );
}
