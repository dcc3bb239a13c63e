import type { FlowNodeType } from '@wac/contract/flows';
import type { ReactNode } from 'react';
import { useBuilderView } from '../builder/builder-context';
import { issueElementId } from '../builder/flow-issues';
import './flow-nodes.css';
import { nodeTypeLabels } from './node-labels';

interface NodeFrameProps {
  id: string;
  type: FlowNodeType;
  selected: boolean;
  children: ReactNode;
  /** Handles, drawn over the frame's edges. */
  handles: ReactNode;
  /** The names of the ways out along the bottom edge, under their handles. */
  outputs?: readonly string[];
}

/** The box every node draws: its type, its content, its problems (red, amber) and, when shown, its analytics. */
export function NodeFrame({ id, type, selected, children, handles, outputs }: NodeFrameProps) {
  const { problems, analytics } = useBuilderView();
  const issues = problems?.byNode.get(id);
  const figures = analytics?.get(id);
  const state = issues?.errors.length ? ' has-error' : issues?.warnings.length ? ' has-warning' : '';
  return (
    <div className={`flow-node flow-node-${type}${state}${selected ? ' is-selected' : ''}`}>
      {handles}
      <div className="flow-node-head">
        <span className="flow-node-type">{nodeTypeLabels[type]}</span>
        <span className="flow-node-id">{id}</span>
      </div>
      <div className="flow-node-body">{children}</div>
      {figures && (
        <div className="flow-node-figures">
          <span className="badge badge-info">Reached {figures.reached}</span>
          <span className={`badge ${figures.droppedOff > 0 ? 'badge-warning' : 'badge-muted'}`}>Dropped off {figures.droppedOff}</span>
        </div>
      )}
      {issues && (issues.errors.length > 0 || issues.warnings.length > 0) && (
        <ul className="flow-node-issues" id={issueElementId(id)}>
          {issues.errors.map((message) => (
            <li key={message} className="flow-issue-error">
              <span className="visually-hidden">Error: </span>
              {message}
            </li>
          ))}
          {issues.warnings.map((message) => (
            <li key={message} className="flow-issue-warning">
              <span className="visually-hidden">Warning: </span>
              {message}
            </li>
          ))}
        </ul>
      )}
      {outputs && outputs.length > 0 && (
        <div className="flow-node-outputs" aria-hidden="true">
          {outputs.map((name) => (
            <span key={name}>{name}</span>
          ))}
        </div>
      )}
    </div>
  );
}
