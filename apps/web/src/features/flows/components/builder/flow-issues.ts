import { validateFlow } from '@wac/contract/flow-validation';
import type { FlowGraph, FlowIssue } from '@wac/contract/flows';

export interface NodeIssues {
  errors: string[];
  warnings: string[];
}

export interface FlowProblems {
  errors: FlowIssue[];
  warnings: FlowIssue[];
  /** Per node id, what to show on the node itself. */
  byNode: Map<string, NodeIssues>;
  /** Per edge id, for the edges an error names. */
  edgeErrors: Set<string>;
}

/** The contract's validateFlow, run on the builder's graph, arranged so each node finds its own problems. */
export function flowProblems(graph: FlowGraph): FlowProblems {
  const result = validateFlow(graph);
  const errors = result.ok ? [] : result.errors;
  const byNode = new Map<string, NodeIssues>();
  const entry = (id: string) => {
    const existing = byNode.get(id);
    if (existing) return existing;
    const created: NodeIssues = { errors: [], warnings: [] };
    byNode.set(id, created);
    return created;
  };
  for (const issue of errors) if (issue.nodeId) entry(issue.nodeId).errors.push(issue.message);
  for (const issue of result.warnings) if (issue.nodeId) entry(issue.nodeId).warnings.push(issue.message);
  return {
    errors,
    warnings: result.warnings,
    byNode,
    edgeErrors: new Set(errors.flatMap((e) => (e.edgeId ? [e.edgeId] : []))),
  };
}

/** An id safe for id/aria-describedby attributes whatever the node id holds (spaces split aria-describedby). */
export const issueElementId = (nodeId: string) => `flow-node-issues-${encodeURIComponent(nodeId).replace(/[%.]/g, '_')}`;
