import {
  type ActionData,
  actionTypeLabels,
  type ConditionData,
  conditionOperatorLabels,
  type FlowNodeType,
  whatsappInteractiveLimits,
} from '@wac/contract/flows';
import type { CanvasNode } from '../builder/canvas-model';

export const nodeTypeLabels: Record<FlowNodeType, string> = {
  start: 'Start',
  message: 'Message',
  condition: 'Condition',
  quickReply: 'Quick reply',
  action: 'Action',
};

export const nodeTypeHints: Record<FlowNodeType, string> = {
  start: 'Where every conversation begins',
  message: 'Sends text, a picture or a file',
  condition: 'Branches on a variable',
  quickReply: 'Asks with buttons or a list',
  action: 'Sets a variable, calls an API, hands off or ends',
};

/** `name equals yes`, as the node and its edges read. */
export function conditionSummary(data: ConditionData): string {
  if (!data.variable) return 'No condition yet';
  const operator = conditionOperatorLabels[data.operator as keyof typeof conditionOperatorLabels] ?? data.operator;
  return data.operator === 'exists' ? `${data.variable} ${operator}` : `${data.variable} ${operator} ${data.value ?? ''}`.trim();
}

export function actionSummary(data: ActionData): string {
  switch (data.actionType) {
    case 'set_variable':
      return data.variable ? `${data.variable} = ${data.value ?? ''}` : 'No variable yet';
    case 'http_request':
      return data.url ? `${data.method ?? 'GET'} ${data.url}` : 'No URL yet';
    default:
      return data.message ?? '';
  }
}

export const actionTitle = (data: ActionData) =>
  actionTypeLabels[data.actionType as keyof typeof actionTypeLabels] ?? (data.actionType || 'No action type');

/** Up to 3 options go as reply buttons (20 characters each); more as a list (24). */
export const optionTitleLimit = (count: number) =>
  count <= whatsappInteractiveLimits.buttons ? whatsappInteractiveLimits.buttonTitle : whatsappInteractiveLimits.listRowTitle;

/** What a screen reader hears for a node: its type, id and gist. */
export function nodeAriaLabel(node: CanvasNode): string {
  const gist = (() => {
    switch (node.type) {
      case 'start':
        return node.data.label ?? 'Start';
      case 'message':
        return node.data.message || 'no message yet';
      case 'condition':
        return conditionSummary(node.data);
      case 'quickReply':
        return `${node.data.question || 'no question yet'} (${node.data.options.map((o) => o.title).join(', ')})`;
      case 'action':
        return `${actionTitle(node.data)} ${actionSummary(node.data)}`.trim();
    }
  })();
  const clipped = gist.length > 80 ? `${gist.slice(0, 79)}…` : gist;
  return `${nodeTypeLabels[node.type]} node ${node.id}: ${clipped}`;
}
