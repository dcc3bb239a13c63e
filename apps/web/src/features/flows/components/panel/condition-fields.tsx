import { type ConditionOperator, conditionOperatorLabels, conditionOperators } from '@wac/contract/flows';
import { TextField } from '../../../../ui/text-field';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { SelectField } from './select-field';
import type { SetNodeField } from './use-node-field';

const operatorOptions = conditionOperators.map((value) => ({ value, label: conditionOperatorLabels[value] }));

export function ConditionFields({ node, set }: { node: CanvasNodeOf<'condition'>; set: SetNodeField }) {
  const { data } = node;
  return (
    <>
      <TextField
        label="Variable"
        value={data.variable}
        onChange={(e) => set('variable', e.target.value)}
        hint="The answer kept by a quick reply, or a variable an action set."
      />
      <SelectField
        label="Operator"
        value={(data.operator || 'equals') as ConditionOperator}
        options={operatorOptions}
        onChange={(value) => set('operator', value)}
      />
      {data.operator !== 'exists' && (
        <TextField
          label={data.operator === 'matches' ? 'Pattern (regular expression)' : 'Value'}
          value={data.value ?? ''}
          onChange={(e) => set('value', e.target.value)}
        />
      )}
    </>
  );
}
