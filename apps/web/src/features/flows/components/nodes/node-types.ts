import type { NodeTypes } from '@xyflow/react';
import { ActionNode } from './action-node';
import { ConditionNode } from './condition-node';
import { MessageNode } from './message-node';
import { QuickReplyNode } from './quick-reply-node';
import { StartNode } from './start-node';

/** One component per node type; defined once, outside any component, as React Flow asks. */
export const nodeTypes: NodeTypes = {
  start: StartNode,
  message: MessageNode,
  condition: ConditionNode,
  quickReply: QuickReplyNode,
  action: ActionNode,
};
