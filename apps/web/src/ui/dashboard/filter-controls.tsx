import { useId } from 'react';
import './dashboard.css';
import { type FilterOption, FilterSelect } from '../filter-select';
import { type DashboardFilter, type DashboardFilterName, filterWords } from './dashboard-filter';

/** One filter a dashboard offers, with the values to pick from. */
export interface FilterChoice {
  name: DashboardFilterName;
  options: readonly FilterOption<string>[];
}

interface FilterControlsProps {
  choices: readonly FilterChoice[];
  filter: DashboardFilter | null;
  onChange: (filter: DashboardFilter | null) => void;
}

/** The values to offer: the choice's own, and the one in force even when the list does not hold it (an old link). */
function optionsWith(choice: FilterChoice, filter: DashboardFilter | null): readonly FilterOption<string>[] {
  if (filter?.name !== choice.name || choice.options.some((o) => o.value === filter.value)) return choice.options;
  const label = choice.name === 'phoneNumberId' ? filter.value : `${filterWords[choice.name].label} #${filter.value}`;
  return [...choice.options, { value: filter.value, label }];
}

/**
 * A dashboard's filters, each a labelled drop-down whose first option turns it off. The figures are narrowed by one at
 * a time, so choosing one clears the others.
 */
export function FilterControls({ choices, filter, onChange }: FilterControlsProps) {
  const id = useId();
  if (choices.length === 0) return null;
  return (
    <section className="card dashboard-controls" aria-label="Filter">
      <div className="toolbar">
        {choices.map((choice) => {
          const words = filterWords[choice.name];
          return (
            <div className="field" key={choice.name}>
              <label htmlFor={`${id}-${choice.name}`}>{words.label}</label>
              <FilterSelect
                id={`${id}-${choice.name}`}
                label={words.label}
                allLabel={words.all}
                value={filter?.name === choice.name ? filter.value : ''}
                options={optionsWith(choice, filter)}
                onChange={(value) => onChange(value ? { name: choice.name, value } : null)}
              />
            </div>
          );
        })}
      </div>
      {choices.length > 1 && <p className="muted small dashboard-filter-hint">One filter at a time: choosing one clears the others.</p>}
    </section>
  );
}
