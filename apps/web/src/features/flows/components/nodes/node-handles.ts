import { flowHandles } from '@wac/contract/flows';
import type { CanvasNode } from '../builder/canvas-model';

export interface SourceHandle {
  /** null: the node's only way on (edges without a handle). */
  id: string | null;
  label: string;
}

/** Every way out of a node, as its handles and the panel's "leads to" fields name them. */
export function sourceHandlesOf(node: CanvasNode): SourceHandle[] {
  switch (node.type) {
    case 'start':
      return [{ id: null, label: 'First step' }];
    case 'message':
      return [{ id: null, label: 'Next step' }];
    case 'condition':
      return [
        { id: flowHandles.true, label: 'When true' },
        { id: flowHandles.false, label: 'When false' },
      ];
    case 'quickReply':
      return [
        ...node.data.options.map((o) => ({ id: o.id, label: `When “${o.title || o.id}” is chosen` })),
        { id: flowHandles.fallback, label: 'When no option matches (fallback)' },
        { id: flowHandles.timeout, label: 'When there is no answer in time (timeout)' },
      ];
    case 'action':
      if (node.data.actionType === 'set_variable') return [{ id: null, label: 'Next step' }];
      if (node.data.actionType === 'http_request')
        return [
          { id: null, label: 'Next step' },
          { id: flowHandles.error, label: 'When the call fails (error)' },
        ];
      return [];
  }
}
