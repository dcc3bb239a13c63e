import { useQueryClient } from '@tanstack/react-query';
import { CLEANUP_MAX_BATCH_SIZE, type MaintenanceRun } from '@wac/contract/cleanup';
import { useEffect } from 'react';
import { useFormFields } from '../../../lib/use-form-fields';
import { CheckboxGroup } from '../../../ui/checkbox-group';
import { useArchives } from '../api/archives';
import { maintenanceKeys } from '../api/maintenance-query-keys';
import { isUnderWay } from '../api/run-updates';
import { ArchiveDownloadButton } from './archive-download-button';
import { ArchivesList } from './archives-list';
import { CheckboxField, DaysField, DRY_RUN_LABEL, WholeNumberField } from './cleanup-fields';
import { type DatabaseField, databasePreviewQuery, databaseRequest, defaultDatabaseForm } from './cleanup-form';
import { type CleanupPlan, CleanupWorkbench } from './cleanup-workbench';
import { CriteriaFields } from './criteria-fields';
import { collectionOptions } from './maintenance-labels';

/** Settings → Maintenance → Database cleanup: old messages, activities and API usage events, archived first if asked. */
export function DatabaseCleanupPanel() {
  const { values, errors, setErrors, set, field } = useFormFields(defaultDatabaseForm);
  const fieldErrors = errors as Partial<Record<DatabaseField, string>>;

  function plan(): CleanupPlan | null {
    const parsed = databaseRequest(values);
    setErrors(parsed.errors);
    if (!parsed.data) return null;
    return {
      body: parsed.data,
      query: databasePreviewQuery(parsed.data),
      dryRun: parsed.data.dryRun,
      note: parsed.data.archiveBeforeDelete
        ? 'Each batch is written to an archive on the server before its rows are deleted; download it under Archives. Media files of deleted messages go with them; figures already counted in reports stay.'
        : 'Deleted rows cannot be brought back: tick “Archive before delete” to keep a copy. Media files of deleted messages go with them; figures already counted in reports stay.',
    };
  }

  return (
    <div className="stack">
      <CleanupWorkbench
        kind="database_cleanup"
        plan={plan}
        dryRun={values.dryRun}
        runExtra={(run) => <RunArchives run={run} />}
        fields={
          <>
            <div className="form-grid">
              <DaysField {...field('days')} error={fieldErrors.days} what="Rows created" />
              <CheckboxGroup
                legend="Collections"
                options={collectionOptions}
                value={values.collections}
                onChange={(collections) => set('collections', collections)}
                error={fieldErrors.collections}
              />
              <WholeNumberField
                label="Batch size"
                {...field('batchSize')}
                min={1}
                max={CLEANUP_MAX_BATCH_SIZE}
                error={fieldErrors.batchSize}
                hint={`Rows deleted per short transaction, 1 to ${CLEANUP_MAX_BATCH_SIZE.toLocaleString('en')}.`}
              />
            </div>
            <CriteriaFields
              collections={values.collections}
              value={values.criteria}
              onChange={(criteria) => set('criteria', criteria)}
              error={fieldErrors.criteria}
            />
            <div className="stack maintenance-checks">
              <CheckboxField
                label="Archive before delete"
                checked={values.archiveBeforeDelete}
                onChange={(archive) => set('archiveBeforeDelete', archive)}
              />
              <CheckboxField label={DRY_RUN_LABEL} checked={values.dryRun} onChange={(dryRun) => set('dryRun', dryRun)} />
            </div>
          </>
        }
      />
      <ArchivesList />
    </div>
  );
}

/** The archives a run wrote that are on the server (a collection with no row to delete writes none). */
function RunArchives({ run }: { run: MaintenanceRun }) {
  const archives = useArchives();
  const queryClient = useQueryClient();
  const ended = !isUnderWay(run);
  // Read again once the run ends, should the socket's news of it not have come.
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: maintenanceKeys.archives });
  }, [ended, queryClient]);
  const written = run.archives.filter((name) => archives.data?.archives.some((archive) => archive.name === name));
  if (written.length === 0) return null;
  return (
    <ul className="maintenance-run-archives" aria-label="Archives of this run">
      {written.map((name) => (
        <li key={name}>
          <span className="mono small">{name}</span>
          <ArchiveDownloadButton name={name} />
        </li>
      ))}
    </ul>
  );
}
