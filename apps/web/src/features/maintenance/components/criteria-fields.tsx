import type { CleanupCollection } from '@wac/contract/cleanup';
import { useId } from 'react';
import { CheckboxGroup } from '../../../ui/checkbox-group';
import { FilterSelect } from '../../../ui/filter-select';
import { CheckboxField } from './cleanup-fields';
import type { CriteriaForm } from './cleanup-form';
import { directionOptions, messageStatusOptions, readOptions, sourceTypeOptions, statusClassOptions } from './maintenance-labels';

interface CriteriaFieldsProps {
  collections: readonly CleanupCollection[];
  value: CriteriaForm;
  onChange: (value: CriteriaForm) => void;
  error?: string;
}

/** Which rows of each chosen collection go, besides their age; every field left at "any" narrows nothing. */
export function CriteriaFields({ collections, value, onChange, error }: CriteriaFieldsProps) {
  const id = useId();
  const set = <K extends keyof CriteriaForm>(key: K, next: CriteriaForm[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="stack">
      {collections.includes('messages') && (
        <fieldset className="maintenance-criteria">
          <legend>Which messages</legend>
          <div className="maintenance-criteria-fields">
            <div className="field">
              <label htmlFor={`${id}-direction`}>Direction</label>
              <FilterSelect
                id={`${id}-direction`}
                label="Direction"
                allLabel="Any direction"
                value={value.direction ?? ''}
                options={directionOptions}
                onChange={(direction) => set('direction', direction)}
              />
            </div>
            <CheckboxGroup
              legend="Statuses"
              hint="None ticked: any status."
              options={messageStatusOptions}
              value={value.statuses}
              onChange={(statuses) => set('statuses', statuses)}
            />
            <div className="stack maintenance-checks">
              <CheckboxField
                label="Only conversations that have ended"
                checked={value.conversationEnded}
                onChange={(checked) => set('conversationEnded', checked)}
              />
              <CheckboxField
                label="Only campaign messages"
                checked={value.campaignOnly}
                onChange={(checked) => set('campaignOnly', checked)}
              />
            </div>
          </div>
        </fieldset>
      )}
      {collections.includes('activities') && (
        <fieldset className="maintenance-criteria">
          <legend>Which activities</legend>
          <div className="maintenance-criteria-fields">
            <CheckboxGroup
              legend="Sources"
              hint="None ticked: every source."
              options={sourceTypeOptions}
              value={value.sourceTypes}
              onChange={(sourceTypes) => set('sourceTypes', sourceTypes)}
            />
            <div className="field">
              <label htmlFor={`${id}-read`}>Read</label>
              <FilterSelect
                id={`${id}-read`}
                label="Read"
                allLabel="Read or not"
                value={value.read}
                options={readOptions}
                onChange={(read) => set('read', read)}
              />
            </div>
          </div>
        </fieldset>
      )}
      {collections.includes('usageEvents') && (
        <fieldset className="maintenance-criteria">
          <legend>Which API usage events</legend>
          <div className="maintenance-criteria-fields">
            <CheckboxGroup
              legend="Answer status"
              hint="None ticked: every call."
              options={statusClassOptions}
              value={value.statusClasses}
              onChange={(statusClasses) => set('statusClasses', statusClasses)}
            />
          </div>
        </fieldset>
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
