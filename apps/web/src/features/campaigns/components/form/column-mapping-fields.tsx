import { useId } from 'react';
import type { ColumnMapping } from './csv-mapping';

interface ColumnSelectProps {
  label: string;
  value: string;
  columns: readonly string[];
  /** The first option's text when a column may be left out ("No name column"); absent when one is required. */
  none?: string;
  onChange: (column: string) => void;
}

function ColumnSelect({ label, value, columns, none, onChange }: ColumnSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} required={none === undefined} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none ?? 'Choose a column'}</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which column holds the phone, the name, and the value of each placeholder the campaign uses. */
export function ColumnMappingFields({
  columns,
  mapping,
  onChange,
}: {
  columns: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  return (
    <fieldset className="form-grid campaign-mapping">
      <legend>Columns</legend>
      <ColumnSelect label="Phone column" value={mapping.phone} columns={columns} onChange={(phone) => onChange({ ...mapping, phone })} />
      <ColumnSelect
        label="Name column"
        value={mapping.name}
        columns={columns}
        none="No name column"
        onChange={(name) => onChange({ ...mapping, name })}
      />
      {Object.entries(mapping.variables).map(([placeholder, column]) => (
        <ColumnSelect
          key={placeholder}
          label={`Column for {{${placeholder}}}`}
          value={column}
          columns={columns}
          none="No column"
          onChange={(chosen) => onChange({ ...mapping, variables: { ...mapping.variables, [placeholder]: chosen } })}
        />
      ))}
    </fieldset>
  );
}
