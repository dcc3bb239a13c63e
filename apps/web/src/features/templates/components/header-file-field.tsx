import { headerMediaRules, type MediaHeaderFormat } from '@wac/contract/templates';
import { useId } from 'react';

interface HeaderFileFieldProps {
  format: MediaHeaderFormat;
  uploading: boolean;
  /** The line under the input: what is chosen, or what Meta takes. */
  hint: string;
  /** Whether the input names the hint as its description. */
  hintDescribes?: boolean;
  /** Why the file chosen cannot be used, or why its upload failed. */
  error: string | null | undefined;
  onPick: (file: File | undefined) => void;
}

/** The file input of a media header (a sample for Meta's review, or the file sent), accepting the types Meta takes. */
export function HeaderFileField({ format, uploading, hint, hintDescribes = false, error, onPick }: HeaderFileFieldProps) {
  const id = useId();
  const hintId = hintDescribes ? `${id}-note` : undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>Header file</label>
      <input
        id={id}
        type="file"
        accept={headerMediaRules[format].mimeTypes.join(',')}
        aria-describedby={hintId}
        disabled={uploading}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
