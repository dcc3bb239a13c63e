import type { Flow } from '@wac/contract/flows';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { FormAlert } from '../../../../ui/form-alert';
import { Spinner } from '../../../../ui/spinner';
import { useToast } from '../../../../ui/toasts';
import { useSetFlowActive } from '../../api/flow-actions';

/** The flow's Active switch: customers in bot mode reach an active flow through its triggers, as last saved. */
export function ActivationToggle({ flow, dirty }: { flow: Flow; dirty: boolean }) {
  const toast = useToast();
  const setActive = useSetFlowActive();
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    const active = !flow.isActive;
    setActive.mutate(
      { id: flow.id, active },
      {
        onSuccess: () => toast.show({ type: 'success', title: active ? 'Flow activated' : 'Flow deactivated' }),
        onError: (err) => {
          if (!shownByLicenceDialogs(err)) setError(errorMessage(err, active ? 'Failed to activate flow' : 'Failed to deactivate flow'));
        },
      },
    );
  };
  return (
    <div className="stack flow-activation">
      <div className="row">
        <button
          type="button"
          role="switch"
          aria-checked={flow.isActive}
          aria-describedby="flow-activation-hint"
          className="flow-switch"
          disabled={setActive.isPending}
          onClick={toggle}
        >
          <span className="flow-switch-track" aria-hidden="true" />
          Active
        </button>
        {setActive.isPending && <Spinner size="small" label={flow.isActive ? 'Deactivating' : 'Activating'} />}
      </div>
      <p className="field-hint" id="flow-activation-hint">
        {flow.isActive ? 'Customers in bot mode reach this flow through its triggers.' : 'Off: no customer reaches this flow.'}
        {dirty && ` Customers get the saved version ${flow.metadata.version}; save to include your changes.`}
      </p>
      <FormAlert message={error} inline />
    </div>
  );
}
