export interface SearchInputProps {
  value: string;
  /** Its accessible name: a toolbar's search box has no visible label. */
  label: string;
  placeholder: string;
  /** Extra class names (its width in the toolbar). */
  className?: string;
  onChange: (value: string) => void;
}

/** A toolbar's search box above a list. */
export function SearchInput({ value, label, placeholder, className, onChange }: SearchInputProps) {
  return (
    <input
      type="search"
      className={`input${className ? ` ${className}` : ''}`}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
