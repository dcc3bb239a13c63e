import { Button } from '../../../../ui/button';
import { TextField } from '../../../../ui/text-field';

export interface Pair {
  key: string;
  value: string;
}

interface PairRowsProps {
  /** The group's legend: "Headers". */
  legend: string;
  /** The two fields' labels: "Header name", "Header value". */
  labels: [string, string];
  rows: Pair[];
  max: number;
  addLabel: string;
  onChange: (rows: Pair[], group: string | null) => void;
}

/** Rows of two fields (HTTP headers, response mappings), each removable; one more once every row has its first field. */
export function PairRows({ legend, labels, rows, max, addLabel, onChange }: PairRowsProps) {
  const update = (index: number, patch: Partial<Pair>, field: string) =>
    onChange(
      rows.map((row, k) => (k === index ? { ...row, ...patch } : row)),
      `${index}:${field}`,
    );
  return (
    <fieldset className="flow-pairs">
      <legend>{legend}</legend>
      {rows.length > 0 && (
        <ol>
          {rows.map((row, index) => (
            // Rows have no id of their own; their place is what names them.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and never reordered
            <li key={index} className="flow-pair">
              <TextField
                label={`${labels[0]} ${index + 1}`}
                value={row.key}
                onChange={(e) => update(index, { key: e.target.value }, 'key')}
              />
              <TextField
                label={`${labels[1]} ${index + 1}`}
                value={row.value}
                onChange={(e) => update(index, { value: e.target.value }, 'value')}
              />
              <Button
                variant="ghost"
                className="btn-small text-danger"
                onClick={() =>
                  onChange(
                    rows.filter((_, k) => k !== index),
                    null,
                  )
                }
                aria-label={`Remove ${labels[0].toLowerCase()} ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        className="btn-small"
        disabled={rows.length >= max || rows.some((r) => !r.key.trim())}
        onClick={() => onChange([...rows, { key: '', value: '' }], null)}
      >
        {addLabel}
      </Button>
    </fieldset>
  );
}
