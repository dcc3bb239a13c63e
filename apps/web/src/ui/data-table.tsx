import type { ReactNode } from 'react';
import { TableHead } from './table-head';

interface DataTableProps {
  /** Added to `table`, for the table's own column styles. */
  className?: string;
  columns: readonly string[];
  /** A last column for the row buttons (see TableHead). */
  actions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A list shown as a table that scrolls sideways on narrow screens: column headings, then the rows given. */
export function DataTable({ className, columns, actions, children }: DataTableProps) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <TableHead columns={columns} actions={actions} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row's last cell: its buttons and links, lined up at the row's end. */
export function RowActions({ className, children }: { className: string; children: ReactNode }) {
  return (
    <td className={className}>
      <div className="row-end">{children}</div>
    </td>
  );
}
