import { templateSlots } from '@wac/contract/template-parameters';
import { headerMediaRules, type Template } from '@wac/contract/templates';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { TemplateVariableFields } from '../../../../ui/template-variable-fields';
import { TextField } from '../../../../ui/text-field';
import { useUploadHeaderFile } from '../../api/upload-template-file';
import { TemplateSection } from '../form-fields';
import { HeaderFileField } from '../header-file-field';
import { headerFileError } from '../header-media';
import type { SendValues } from './send-values';

interface ValuesFieldsProps {
  template: Template;
  values: SendValues;
  onChange: (patch: Partial<SendValues>) => void;
  /** Messages by field ('header', 'body.1', 'button.0'), shown once the person tried to send or typed there. */
  issue: (field: string) => string | undefined;
  /** The chosen file, for the preview. */
  onLocalMedia: (media: { url: string; name: string } | null) => void;
}

function MediaHeaderField({ template, values, onChange, issue, onLocalMedia }: ValuesFieldsProps) {
  const upload = useUploadHeaderFile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const slot = templateSlots(template.components, template.category).header;
  if (slot?.kind !== 'media') return null;
  const rule = headerMediaRules[slot.format];
  const kind = slot.format.toLowerCase();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const refused = headerFileError(file, slot.format);
    setRefusal(refused);
    onChange({ uploadId: '', uploadName: '' });
    onLocalMedia(null);
    if (refused) return;
    try {
      const saved = await upload.mutateAsync(file);
      onChange({ uploadId: saved.id, uploadName: saved.filename });
      onLocalMedia({ url: URL.createObjectURL(file), name: saved.filename });
    } catch {
      // The message shows under the field.
    }
  };
  const message = refusal ?? (upload.isError ? errorMessage(upload.error, 'The upload failed') : issue('header'));
  return (
    <TemplateSection legend={`Header ${kind}`}>
      <fieldset className="segmented" aria-label="Header media source">
        {(['upload', 'link'] as const).map((source) => (
          <button
            key={source}
            type="button"
            aria-pressed={values.mediaSource === source}
            className={values.mediaSource === source ? 'is-active' : undefined}
            onClick={() => onChange({ mediaSource: source })}
          >
            {source === 'upload' ? 'Upload a file' : 'Link to a file'}
          </button>
        ))}
      </fieldset>
      {values.mediaSource === 'upload' ? (
        <HeaderFileField
          format={slot.format}
          uploading={upload.isPending}
          hint={upload.isPending ? 'Uploading…' : values.uploadName ? `Ready: ${values.uploadName}` : rule.described}
          error={message}
          onPick={(file) => void pick(file)}
        />
      ) : (
        <TextField
          label="Header link"
          type="url"
          placeholder={`https://example.com/file.${slot.format === 'IMAGE' ? 'png' : slot.format === 'VIDEO' ? 'mp4' : 'pdf'}`}
          value={values.mediaLink}
          error={issue('header')}
          hint={`A public https address WhatsApp downloads: ${rule.described}`}
          onChange={(e) => onChange({ mediaLink: e.target.value })}
        />
      )}
    </TemplateSection>
  );
}

/** A field for every value the template takes: the header's variable or media, the body's variables, button values. */
export function TemplateValuesFields(props: ValuesFieldsProps) {
  const { template, values, onChange, issue } = props;
  const slots = templateSlots(template.components, template.category);
  // An authentication template's copy button carries the same code as its body.
  const buttonSlots = template.category === 'AUTHENTICATION' ? [] : slots.buttons;
  const nothing = !slots.header && slots.body.length === 0 && buttonSlots.length === 0;
  if (nothing) return <p className="field-hint">This template has no variables: it is sent as it is.</p>;
  return (
    <div className="stack">
      {slots.header?.kind === 'text' && (
        <TextField
          label={`Header value for {{${slots.header.variable}}}`}
          value={values.headerText}
          error={issue('header')}
          onChange={(e) => onChange({ headerText: e.target.value })}
        />
      )}
      <MediaHeaderField {...props} />
      <TemplateVariableFields category={template.category} slots={slots} values={values} onChange={onChange} issue={issue} />
    </div>
  );
}
