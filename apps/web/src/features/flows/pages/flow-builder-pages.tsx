import { useParams } from 'react-router';
import { QueryStatus } from '../../../ui/query-status';
import { useFlow } from '../api/get-flow';
import { FlowBuilder } from '../components/builder/flow-builder';

/** /bot-flows/new: an empty flow with its start node, saved as version 1. */
export function NewFlowPage() {
  return <FlowBuilder flow={null} />;
}

/** /bot-flows/:id: the flow as last saved, or the draft this browser kept of it. */
export function EditFlowPage() {
  const { id = '' } = useParams();
  const flowId = Number(id);
  const flow = useFlow(flowId);
  if (!Number.isInteger(flowId) || flowId <= 0)
    return (
      <div className="empty-state" role="alert">
        <p>There is no flow at this address.</p>
      </div>
    );
  // A copy cached from an earlier visit may be out of date: the builder starts from the flow as the server has it now.
  if (flow.isPending || flow.isError || !flow.isFetchedAfterMount)
    return <QueryStatus query={{ ...flow, isPending: !flow.isError }} loadingLabel="Loading flow" />;
  return <FlowBuilder key={flowId} flow={flow.data} />;
}
