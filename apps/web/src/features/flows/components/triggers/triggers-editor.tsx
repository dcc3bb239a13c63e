import type { Flow, FlowTriggers } from '@wac/contract/flows';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { numberOptionLabel, useSeveralNumbers } from '../../../../lib/business-numbers';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { CheckboxGroup } from '../../../../ui/checkbox-group';
import { FormAlert } from '../../../../ui/form-alert';
import { useToast } from '../../../../ui/toasts';
import { useSaveTriggers } from '../../api/flow-actions';
import { answersOnHint } from './answers-on';
import { KeywordChips } from './keyword-chips';

/** What starts the flow for a customer in bot mode; saved on its own, apart from the graph. */
export function TriggersEditor({ flow }: { flow: Flow }) {
  const toast = useToast();
  const save = useSaveTriggers();
  const numbers = useSeveralNumbers();
  const [triggers, setTriggers] = useState<FlowTriggers>(flow.triggers);
  const [error, setError] = useState<string | null>(null);
  const changed = JSON.stringify(triggers) !== JSON.stringify(flow.triggers);
  const set = (patch: Partial<FlowTriggers>) => setTriggers((t) => ({ ...t, ...patch }));
  const submit = () => {
    setError(null);
    save.mutate(
      { id: flow.id, triggers },
      {
        onSuccess: (saved) => {
          setTriggers(saved.triggers);
          toast.show({ type: 'success', title: 'Triggers saved' });
        },
        onError: (err) => {
          if (!shownByLicenceDialogs(err)) setError(errorMessage(err, 'Failed to save triggers'));
        },
      },
    );
  };
  return (
    <fieldset className="stack flow-triggers">
      <legend className="flow-panel-title">Triggers</legend>
      <KeywordChips keywords={triggers.keywords} onChange={(keywords) => set({ keywords })} />
      <label className="checkbox">
        <input type="checkbox" checked={triggers.onNewConversation} onChange={(e) => set({ onNewConversation: e.target.checked })} />
        Start on a new conversation
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={triggers.isDefault} onChange={(e) => set({ isDefault: e.target.checked })} />
        Default flow, when no other flow's trigger matches
      </label>
      {numbers.length > 1 && (
        <CheckboxGroup
          legend="Answers on"
          options={numbers.map((n) => ({ value: n.phoneNumberId, label: numberOptionLabel(n) }))}
          value={triggers.phoneNumberIds}
          onChange={(phoneNumberIds) => set({ phoneNumberIds })}
          hint={answersOnHint(triggers.phoneNumberIds.length)}
        />
      )}
      <FormAlert message={error} inline />
      <div className="row-end">
        <Button variant="secondary" disabled={!changed} loading={save.isPending} onClick={submit}>
          Save triggers
        </Button>
      </div>
    </fieldset>
  );
}
