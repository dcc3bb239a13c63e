import type { FlowNodeType, QuickReplyOption } from '@wac/contract/flows';
import type { XYPosition } from '@xyflow/react';
import type { CanvasNode } from './canvas-model';

const idPrefixes: Record<FlowNodeType, string> = {
  start: 'start',
  message: 'message',
  condition: 'condition',
  quickReply: 'question',
  action: 'action',
};

/** `message-3`: the type and the first number no node uses yet, so ids stay short and readable in messages. */
export function nextNodeId(type: FlowNodeType, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `${idPrefixes[type]}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** A new option's id: generated once and kept when the option is renamed or moved, as its edge leaves by it. */
export function nextOptionId(options: readonly QuickReplyOption[]): string {
  const taken = new Set(options.map((o) => o.id));
  for (let n = options.length + 1; ; n++) {
    const id = `option-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** A node as the palette adds it: empty where the author must write something, so validation points there. */
export function createNode(type: FlowNodeType, position: XYPosition, taken: ReadonlySet<string>): CanvasNode {
  const id = nextNodeId(type, taken);
  switch (type) {
    case 'start':
      return { id, type, position, data: { label: 'Start' }, deletable: false };
    case 'message':
      return { id, type, position, data: { message: '' } };
    case 'condition':
      return { id, type, position, data: { variable: '', operator: 'equals', value: '' } };
    case 'quickReply':
      return {
        id,
        type,
        position,
        data: {
          question: '',
          options: [
            { id: 'option-1', title: 'Yes' },
            { id: 'option-2', title: 'No' },
          ],
        },
      };
    case 'action':
      return { id, type, position, data: { actionType: 'handoff', message: '' } };
  }
}
