import { type CollectionName, collectionNames, type OptimizeOperation, optimizeOperations } from '@wac/contract/maintenance';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { CheckboxGroup } from '../../../ui/checkbox-group';
import { FormAlert } from '../../../ui/form-alert';
import { QueryStatus } from '../../../ui/query-status';
import { useDatabaseSizes, useOptimizeDatabase } from '../api/database-optimize';
import { collectionLabels, optimizeOperationOptions } from './maintenance-labels';
import { OptimizeResultView } from './optimize-result';
import { SizesTable } from './sizes-table';

const collectionOptions = collectionNames.map((name) => ({ value: name, label: collectionLabels[name] }));

/** Settings → Maintenance → Optimize: the database's sizes, and rebuilding indexes and statistics while the chat goes on. */
export function OptimizePanel() {
  const sizes = useDatabaseSizes();
  const optimize = useOptimizeDatabase();
  const { values, errors, setErrors, formError, setFormError, set } = useFormFields(() => ({
    operations: [...optimizeOperations] as OptimizeOperation[],
    collections: [...collectionNames] as CollectionName[],
  }));
  const { operations, collections } = values;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      operations: operations.length === 0 ? 'Tick at least one operation' : undefined,
      collections: collections.length === 0 ? 'Tick at least one collection' : undefined,
    };
    setErrors(found);
    setFormError(null);
    if (found.operations || found.collections) return;
    try {
      // Every collection ticked is the server's default: left out, so collections added later are included too.
      await optimize.mutateAsync({ operations, collections: collections.length === collectionNames.length ? undefined : collections });
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <div className="stack">
      {sizes.isPending || sizes.isError ? (
        <QueryStatus query={sizes} loadingLabel="Measuring the database" />
      ) : (
        <div className="stack">
          <SizesTable sizes={sizes.data} caption={`Database size, measured ${formatDateTime(sizes.data.measuredAt)}`} />
          <div>
            <Button variant="secondary" className="btn-small" onClick={() => sizes.refetch()} loading={sizes.isFetching}>
              Measure again
            </Button>
          </div>
        </div>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <div className="form-grid">
          <CheckboxGroup
            legend="Operations"
            hint="Indexes are rebuilt without blocking writes (REINDEX CONCURRENTLY); statistics help PostgreSQL plan queries (ANALYZE)."
            options={optimizeOperationOptions}
            value={operations}
            onChange={(next) => set('operations', next)}
            error={errors.operations}
          />
          <div className="maintenance-collections">
            <CheckboxGroup
              legend="Collections"
              options={collectionOptions}
              value={collections}
              onChange={(next) => set('collections', next)}
              error={errors.collections}
            />
          </div>
        </div>
        <div className="row">
          <Button type="submit" loading={optimize.isPending}>
            Optimize
          </Button>
          {optimize.isPending && <span className="muted small">Table by table; a big database takes a while.</span>}
        </div>
        <FormAlert message={formError} />
      </form>
      {optimize.data && <OptimizeResultView result={optimize.data} />}
    </div>
  );
}
