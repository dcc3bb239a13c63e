import { type AnalyticsInterval, analyticsIntervals } from '@wac/contract/analytics';
import './dashboard.css';
import { DateRangeFields } from '../date-range-fields';
import { FormAlert } from '../form-alert';
import { IntervalSelect } from '../interval-select';
import { type DashboardRange, matchingPreset, presetRange, type RangePresetId, rangePresets } from './dashboard-range';

const intervalLabel: Record<AnalyticsInterval, string> = { hour: 'Hourly', day: 'Daily', week: 'Weekly', month: 'Monthly' };
const CUSTOM = 'custom';

interface RangeControlsProps {
  range: DashboardRange;
  today: string;
  problem: string | null;
  onChange: (patch: Partial<DashboardRange>) => void;
}

/** A dashboard's toolbar: a preset (or custom dates), the dates themselves and the interval of its charts. */
export function RangeControls({ range, today, problem, onChange }: RangeControlsProps) {
  const preset = matchingPreset(range, today) ?? CUSTOM;
  return (
    <section className="card dashboard-controls" aria-label="Dates and interval">
      <div className="toolbar">
        <div className="field">
          <label htmlFor="dashboard-preset">Range</label>
          <select
            id="dashboard-preset"
            className="input"
            value={preset}
            onChange={(e) => e.target.value !== CUSTOM && onChange(presetRange(e.target.value as RangePresetId, today))}
          >
            {rangePresets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value={CUSTOM} disabled={preset !== CUSTOM}>
              Custom dates
            </option>
          </select>
        </div>
        <DateRangeFields range={range} onChange={onChange} />
        <IntervalSelect
          id="dashboard-interval"
          value={range.interval}
          intervals={analyticsIntervals}
          labels={intervalLabel}
          onChange={(interval) => onChange({ interval })}
        />
      </div>
      <FormAlert inline message={problem} />
    </section>
  );
}
