import { type Dispatch, useCallback } from 'react';
import type { HistoryAction } from '../builder/flow-history';

/**
 * Writes one field of a node's data. Typing in one field is one undo step: the edits share a group, the field's
 * unless `group` names a finer one (one option's title), or is null for a step of its own (an option removed).
 * `undefined` removes the field (an optional one left empty).
 */
export function useNodeField(dispatch: Dispatch<HistoryAction>, nodeId: string) {
  return useCallback(
    (field: string, value: unknown, group?: string | null) =>
      dispatch({
        type: 'update-node',
        id: nodeId,
        data: { [field]: value },
        ...(group === null ? {} : { group: `${nodeId}:${field}${group ? `:${group}` : ''}` }),
      }),
    [dispatch, nodeId],
  );
}

export type SetNodeField = ReturnType<typeof useNodeField>;
