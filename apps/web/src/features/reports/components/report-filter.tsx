import { useId } from 'react';
import { FilterSelect, type FilterSelectProps } from '../../../ui/filter-select';

/** One of the report's filters: a drop-down with a visible label, whose first option turns it off. */
export function ReportFilter<V extends string>(props: Omit<FilterSelectProps<V>, 'id'>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <FilterSelect {...props} id={id} />
    </div>
  );
}
