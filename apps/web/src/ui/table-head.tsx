/** A table's column headings; `actions` adds a last column for the row buttons, named for screen readers only. */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
