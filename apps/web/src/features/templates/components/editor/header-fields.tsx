import { distinctVariables } from '@wac/contract/template-rules';
import { headerMediaRules, type MediaHeaderFormat, templateLimits } from '@wac/contract/templates';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { TextField } from '../../../../ui/text-field';
import { useUploadHeaderSample } from '../../api/upload-template-file';
import { lengthHint, SelectField, TemplateSection } from '../form-fields';
import { HeaderFileField } from '../header-file-field';
import { headerFileError } from '../header-media';
import type { EditorPartProps } from './editor-props';
import type { HeaderChoice } from './template-form';

const choices: { value: HeaderChoice; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'TEXT', label: 'Text' },
  { value: 'IMAGE', label: 'Image' },
  { value: 'VIDEO', label: 'Video' },
  { value: 'DOCUMENT', label: 'Document' },
];

interface HeaderFieldsProps extends EditorPartProps {
  /** The chosen sample, shown in the preview until the page is left. */
  onSample: (sample: { url: string; name: string } | null) => void;
}

function SampleUpload({ form, change, issue, onSample }: HeaderFieldsProps & { format: MediaHeaderFormat }) {
  const upload = useUploadHeaderSample();
  const format = form.headerFormat as MediaHeaderFormat;
  const rule = headerMediaRules[format];
  const [refusal, setRefusal] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const refused = headerFileError(file, format);
    setRefusal(refused);
    if (refused) {
      change({ headerHandle: '', headerFileName: '' }, 'HEADER.file');
      onSample(null);
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      change({ headerHandle: uploaded.handle, headerFileName: uploaded.filename }, 'HEADER.file');
      onSample({ url: URL.createObjectURL(file), name: uploaded.filename });
    } catch {
      change({ headerHandle: '', headerFileName: '' }, 'HEADER.file');
      onSample(null);
    }
  };
  const message = refusal ?? (upload.isError ? errorMessage(upload.error, 'The upload failed') : issue('HEADER.file'));
  return (
    <HeaderFileField
      format={format}
      uploading={upload.isPending}
      hint={
        upload.isPending
          ? 'Uploading the sample…'
          : form.headerFileName
            ? `Sample: ${form.headerFileName}`
            : `A sample Meta reviews: ${rule.described}.`
      }
      hintDescribes
      error={message}
      onPick={(file) => void pick(file)}
    />
  );
}

/** The header: none, a text with at most one variable and its example, or a media sample uploaded for review. */
export function HeaderFields(props: HeaderFieldsProps) {
  const { form, change, issue, onSample } = props;
  const [variable] = distinctVariables(form.headerText);
  return (
    <TemplateSection legend="Header">
      <SelectField
        label="Header type"
        value={form.headerFormat}
        onChange={(e) => {
          onSample(null);
          change({ headerFormat: e.target.value as HeaderChoice, headerHandle: '', headerFileName: '' }, 'HEADER');
        }}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      {form.headerFormat === 'TEXT' && (
        <>
          <TextField
            label="Header text"
            value={form.headerText}
            maxLength={templateLimits.headerTextMaxLength + 20}
            error={issue('HEADER.text')}
            hint={`${lengthHint(form.headerText, templateLimits.headerTextMaxLength)} · at most one variable, such as {{1}}`}
            onChange={(e) => change({ headerText: e.target.value }, 'HEADER.text')}
          />
          {variable !== undefined && (
            <TextField
              label={`Header example for {{${variable}}}`}
              value={form.headerExample}
              error={issue('HEADER.example')}
              onChange={(e) => change({ headerExample: e.target.value }, 'HEADER.example')}
            />
          )}
        </>
      )}
      {form.headerFormat !== 'NONE' && form.headerFormat !== 'TEXT' && <SampleUpload {...props} format={form.headerFormat} />}
      {issue('HEADER') && <p className="field-error">{issue('HEADER')}</p>}
    </TemplateSection>
  );
}
