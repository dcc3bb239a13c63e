import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { QuotaBar } from '../../../../ui/quota-bar';
import { TableHead } from '../../../../ui/table-head';
import { type ContactsPreview, useContactsPreview, useUploadContacts } from '../../api/upload-contacts';
import { ColumnMappingFields } from './column-mapping-fields';
import { type ColumnMapping, initialMapping, mappingProblem, uploadMapping } from './csv-mapping';
import { ImportResult } from './import-result';

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function SampleRows({ preview, fileName }: { preview: ContactsPreview; fileName: string }) {
  return (
    <div className="table-wrap campaign-csv-sample">
      <table className="table">
        <caption>First rows of {fileName}</caption>
        <TableHead columns={preview.columns} />
        <tbody>
          {preview.rows.map((row, r) => (
            // Sample rows have no identity; they are shown once and never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={r}>
              {preview.columns.map((column, c) => (
                <td key={column}>{row[c] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A CSV in three moves: its first 64 KB go to the preview to show the first rows and suggest the columns, the person
 * checks the mapping, then the whole file is uploaded with its progress and the rows refused are listed by line.
 */
export function CsvImport({ campaignId, placeholders }: { campaignId: string; placeholders: readonly string[] }) {
  const id = useId();
  const preview = useContactsPreview();
  const upload = useUploadContacts();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [progress, setProgress] = useState(0);
  const [attempted, setAttempted] = useState(false);

  const pick = (picked: File | undefined) => {
    setFile(picked ?? null);
    setMapping(null);
    setAttempted(false);
    upload.reset();
    preview.reset();
    if (picked) preview.mutate(picked, { onSuccess: (p) => setMapping(initialMapping(p, placeholders)) });
  };
  const problem = mapping ? mappingProblem(mapping) : null;
  const send = () => {
    setAttempted(true);
    if (!file || !mapping || !preview.data || !mapping.phone || upload.isPending) return;
    setProgress(0);
    upload.mutate({ id: campaignId, file, mapping: uploadMapping(mapping, preview.data.suggested), onProgress: setProgress });
  };

  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={id}>Contacts file (CSV)</label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${id}-hint`}
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <p className="field-hint" id={`${id}-hint`}>
          A header row, then one contact per row: a phone number in international format, and any other columns (name, order number…).
        </p>
      </div>
      <FormAlert inline message={preview.isError && errorMessage(preview.error)} />
      {preview.isPending && <p className="muted">Reading {file?.name}…</p>}
      {file && preview.data && mapping && (
        <>
          <SampleRows preview={preview.data} fileName={file.name} />
          <ColumnMappingFields columns={preview.data.columns} mapping={mapping} onChange={setMapping} />
          {mapping.phone ? (
            problem && <p className="status-banner status-banner-warning">{problem}</p>
          ) : (
            <FormAlert inline message={attempted && problem} />
          )}
          <div className="form-actions">
            <Button loading={upload.isPending} onClick={send}>
              Upload {file.name} ({sizeOf(file.size)})
            </Button>
          </div>
        </>
      )}
      {upload.isPending && (
        <div className="campaign-upload-progress">
          <QuotaBar record={{ progressPercentage: progress * 100, isWarning: false, isExceeded: false }} label="Upload progress" />
          <span className="small muted" aria-live="polite">
            {progress < 1 ? `Uploading… ${Math.floor(progress * 100)}%` : 'Uploaded; checking the rows…'}
          </span>
        </div>
      )}
      <FormAlert
        inline
        message={upload.isError && !shownByLicenceDialogs(upload.error) && errorMessage(upload.error, 'Failed to upload contacts')}
      />
      {upload.data && <ImportResult result={upload.data} />}
    </div>
  );
}
