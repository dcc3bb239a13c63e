import { flowLimits, whatsappInteractiveLimits } from '@wac/contract/flows';
import { TextField } from '../../../../ui/text-field';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { CountedTextField } from './counted-text-field';
import { OptionalNumberField } from './optional-number-field';
import { QuickReplyOptions } from './quick-reply-options';
import { TextAreaField } from './text-area-field';
import type { SetNodeField } from './use-node-field';

export function QuickReplyFields({ node, set }: { node: CanvasNodeOf<'quickReply'>; set: SetNodeField }) {
  const { data } = node;
  const asList = data.options.length > whatsappInteractiveLimits.buttons;
  return (
    <>
      <TextAreaField
        label="Question"
        value={data.question}
        onChange={(value) => set('question', value)}
        limit={whatsappInteractiveLimits.body}
      />
      <QuickReplyOptions options={data.options} onChange={(options, group) => set('options', options, group)} />
      {asList && (
        <CountedTextField
          label="List button text"
          value={data.listButton ?? ''}
          placeholder="Choose"
          onChange={(value) => set('listButton', value || undefined)}
          limit={whatsappInteractiveLimits.listButton}
        />
      )}
      <TextField
        label="Keep the answer in the variable"
        value={data.variable ?? ''}
        placeholder="topic"
        onChange={(e) => set('variable', e.target.value || undefined)}
        hint="Letters, digits, _ and . — then {{topic}} in later messages."
      />
      <div className="form-grid flow-panel-pair">
        <OptionalNumberField
          label="Max retries"
          min={0}
          max={flowLimits.maxRetries}
          value={data.maxRetries}
          onChange={(value) => set('maxRetries', value)}
        />
        <OptionalNumberField
          label="Timeout (minutes)"
          min={1}
          max={flowLimits.timeoutMinutes}
          value={data.timeoutMinutes}
          onChange={(value) => set('timeoutMinutes', value)}
        />
      </div>
      <TextAreaField
        label="Retry message"
        value={data.retryMessage ?? ''}
        onChange={(value) => set('retryMessage', value || undefined)}
        hint="Sent when the answer matches no option, before asking again."
        rows={2}
      />
    </>
  );
}
