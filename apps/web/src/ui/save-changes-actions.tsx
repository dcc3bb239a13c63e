import { Button } from './button';

/** The buttons of a form over saved values: both wait until something changed. */
export function SaveChangesActions({
  dirty,
  saving,
  saveLabel,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  saveLabel: string;
  onDiscard: () => void;
}) {
  return (
    <div className="form-actions">
      <Button type="button" variant="ghost" disabled={!dirty || saving} onClick={onDiscard}>
        Discard changes
      </Button>
      <Button type="submit" variant="primary" disabled={!dirty} loading={saving}>
        {saveLabel}
      </Button>
    </div>
  );
}
