import { type ReactNode, useId, useState } from 'react';

interface ChartFigureProps {
  /** The figure's accessible name and heading. */
  title: string;
  /** What a reader needs to read the chart (a bucket's width...), for everyone. */
  description?: ReactNode;
  /** The chart's data as a table: hidden from sight until asked for, always there for screen readers. */
  table: ReactNode;
  /** A table shown below the chart anyway needs no toggle. */
  tableAlwaysShown?: boolean;
  children: ReactNode;
}

/**
 * A chart people can read without seeing it: the drawing is hidden from assistive technology (its ticks read as noise)
 * and its table stands in for it, inside a figure named after the chart.
 */
export function ChartFigure({ title, description, table, tableAlwaysShown = false, children }: ChartFigureProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const shown = tableAlwaysShown || open;
  return (
    <figure className="card report-chart" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h3 id={`${id}-title`}>{title}</h3>
        {!tableAlwaysShown && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-expanded={open}
            aria-controls={`${id}-table`}
            aria-label={`${open ? 'Hide' : 'Show'} table of ${title}`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide table' : 'Show table'}
          </button>
        )}
      </div>
      {description && <p className="muted small report-chart-description">{description}</p>}
      <div className="report-chart-canvas" aria-hidden="true">
        {children}
      </div>
      <div id={`${id}-table`} className={shown ? 'table-wrap report-chart-table' : 'visually-hidden'}>
        {table}
      </div>
    </figure>
  );
}
