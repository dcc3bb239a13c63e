import { type ActionType, actionTypeLabels, actionTypes } from '@wac/contract/flows';
import { TextField } from '../../../../ui/text-field';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { HttpRequestFields } from './http-request-fields';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import type { SetNodeField } from './use-node-field';

const typeOptions = actionTypes.map((value) => ({ value, label: actionTypeLabels[value] }));

export function ActionFields({ node, set }: { node: CanvasNodeOf<'action'>; set: SetNodeField }) {
  const { data } = node;
  return (
    <>
      <SelectField
        label="Action"
        value={(data.actionType || 'handoff') as ActionType}
        options={typeOptions}
        onChange={(value) => set('actionType', value, null)}
      />
      {data.actionType === 'set_variable' && (
        <>
          <TextField label="Variable" value={data.variable ?? ''} onChange={(e) => set('variable', e.target.value)} />
          <TextField
            label="Value"
            value={data.value ?? ''}
            onChange={(e) => set('value', e.target.value)}
            hint="{{variables}} are filled in."
          />
        </>
      )}
      {data.actionType === 'http_request' && <HttpRequestFields node={node} set={set} />}
      {(data.actionType === 'handoff' || data.actionType === 'end') && (
        <TextAreaField
          label="Message to the customer first"
          value={data.message ?? ''}
          onChange={(value) => set('message', value || undefined)}
          hint={data.actionType === 'handoff' ? 'For example: Connecting you to an agent.' : 'For example: Thanks, goodbye!'}
          rows={2}
        />
      )}
    </>
  );
}
