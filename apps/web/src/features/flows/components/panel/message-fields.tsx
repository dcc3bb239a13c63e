import { flowMediaTypes, whatsappInteractiveLimits } from '@wac/contract/flows';
import { TextField } from '../../../../ui/text-field';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import type { SetNodeField } from './use-node-field';

const mediaOptions = [
  { value: '', label: 'No media' },
  ...flowMediaTypes.map((t) => ({ value: t, label: t[0]?.toUpperCase() + t.slice(1) })),
] as const;

export function MessageFields({ node, set }: { node: CanvasNodeOf<'message'>; set: SetNodeField }) {
  const { data } = node;
  return (
    <>
      <TextAreaField
        label="Message text"
        value={data.message}
        onChange={(value) => set('message', value)}
        limit={whatsappInteractiveLimits.text}
        hint="{{name}} and other variables are filled in when sent."
        rows={5}
      />
      <SelectField
        label="Media"
        value={data.mediaType ?? ''}
        options={mediaOptions}
        onChange={(value) => set('mediaType', value || undefined)}
      />
      {(data.mediaType || data.mediaUrl) && (
        <TextField
          label="Media URL"
          type="url"
          value={data.mediaUrl ?? ''}
          placeholder="https://"
          onChange={(e) => set('mediaUrl', e.target.value || undefined)}
          hint="The message text goes with it as its caption."
        />
      )}
    </>
  );
}
