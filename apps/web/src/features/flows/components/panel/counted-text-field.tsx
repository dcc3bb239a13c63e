import { TextField, type TextFieldProps } from '../../../../ui/text-field';

interface CountedTextFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'hint' | 'error'> {
  value: string;
  onChange: (value: string) => void;
  /** WhatsApp's limit: counted live, an error beyond it. */
  limit: number;
}

/** The shared text field with a live character count against WhatsApp's limit. */
export function CountedTextField({ value, onChange, limit, ...rest }: CountedTextFieldProps) {
  const over = value.length > limit;
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={`${value.length}/${limit} characters`}
      error={over ? `${value.length}/${limit} characters — ${value.length - limit} too many` : undefined}
    />
  );
}
