import { useFormFields } from '../../../lib/use-form-fields';
import { CheckboxGroup } from '../../../ui/checkbox-group';
import { CheckboxField, DaysField, DRY_RUN_LABEL } from './cleanup-fields';
import { defaultStorageForm, type StorageField, storagePreviewQuery, storageRequest } from './cleanup-form';
import { type CleanupPlan, CleanupWorkbench } from './cleanup-workbench';
import { directoryOptions } from './maintenance-labels';

/** Settings → Maintenance → Storage cleanup: old media files and uploads. */
export function StorageCleanupPanel() {
  const { values, errors, setErrors, set, field } = useFormFields(defaultStorageForm);
  const fieldErrors = errors as Partial<Record<StorageField, string>>;

  function plan(): CleanupPlan | null {
    const parsed = storageRequest(values);
    setErrors(parsed.errors);
    if (!parsed.data) return null;
    return {
      body: parsed.data,
      query: storagePreviewQuery(parsed.data),
      dryRun: parsed.data.dryRun,
      note: 'Files still used by a message, template or campaign newer than the cut-off are kept. Deleted files cannot be brought back; the chat shows their messages as “Media removed by cleanup”.',
    };
  }

  return (
    <CleanupWorkbench
      kind="storage_cleanup"
      plan={plan}
      dryRun={values.dryRun}
      fields={
        <div className="form-grid">
          <DaysField {...field('days')} error={fieldErrors.days} what="Files last changed" />
          <CheckboxGroup
            legend="Directories"
            options={directoryOptions}
            value={values.directories}
            onChange={(directories) => set('directories', directories)}
            error={fieldErrors.directories}
          />
          <div className="field-wide">
            <CheckboxField label={DRY_RUN_LABEL} checked={values.dryRun} onChange={(dryRun) => set('dryRun', dryRun)} />
          </div>
        </div>
      }
    />
  );
}
