import type { CleanupCollection } from '@wac/contract/cleanup';
import type { ReactNode } from 'react';
import { CheckboxGroup } from '../../../ui/checkbox-group';
import { AnySelectField, CheckboxField } from './cleanup-fields';
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
  const set = <K extends keyof CriteriaForm>(key: K, next: CriteriaForm[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="stack">
      {collections.includes('messages') && (
        <CriteriaBox legend="Which messages">
          <AnySelectField
            label="Direction"
            anyLabel="Any direction"
            value={value.direction ?? ''}
            options={directionOptions}
            onChange={(direction) => set('direction', direction)}
          />
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
        </CriteriaBox>
      )}
      {collections.includes('activities') && (
        <CriteriaBox legend="Which activities">
          <CheckboxGroup
            legend="Sources"
            hint="None ticked: every source."
            options={sourceTypeOptions}
            value={value.sourceTypes}
            onChange={(sourceTypes) => set('sourceTypes', sourceTypes)}
          />
          <AnySelectField
            label="Read"
            anyLabel="Read or not"
            value={value.read}
            options={readOptions}
            onChange={(read) => set('read', read)}
          />
        </CriteriaBox>
      )}
      {collections.includes('usageEvents') && (
        <CriteriaBox legend="Which API usage events">
          <CheckboxGroup
            legend="Answer status"
            hint="None ticked: every call."
            options={statusClassOptions}
            value={value.statusClasses}
            onChange={(statusClasses) => set('statusClasses', statusClasses)}
          />
        </CriteriaBox>
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/** One collection's criteria, under its name. */
function CriteriaBox({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="maintenance-criteria">
      <legend>{legend}</legend>
      <div className="maintenance-criteria-fields">{children}</div>
    </fieldset>
  );
}
