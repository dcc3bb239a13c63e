interface TableHeadProps {
  columns: readonly string[];
  actions?: boolean;
}

/** A table's column headings; `actions` adds a last column for the row buttons, named for screen readers only. */
export function TableHead(props: TableHeadProps) {
  return (
    <thead>
      <tr>
        <TableHeadCells {...props} />
      </tr>
    </thead>
  );
}

/** The heading cells alone, for tables that draw their own head row (a virtualised table). */
export function TableHeadCells({ columns, actions = false }: TableHeadProps) {
  return (
    <>
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
    </>
  );
}
