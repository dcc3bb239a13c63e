import type { Flow, FlowIssue, FlowSummary, FlowTriggers, FlowVersion, FlowVersionSummary } from '@wac/contract/flows';
import type { FlowRow, FlowSummaryRow, FlowVersionDetailRow, FlowVersionSummaryRow } from './flows.repository.ts';

// Rows written before a trigger field existed read as its default.
export const triggersOf = (stored: Partial<FlowTriggers> | null): FlowTriggers => ({
  keywords: stored?.keywords ?? [],
  onNewConversation: stored?.onNewConversation ?? false,
  isDefault: stored?.isDefault ?? false,
  phoneNumberIds: stored?.phoneNumberIds ?? [],
});

const metadataOf = (row: Pick<FlowRow, 'version' | 'updatedAt' | 'status'>) => ({
  version: row.version,
  lastModified: row.updatedAt.toISOString(),
  status: row.status,
});

export function toFlow(row: FlowRow, warnings: FlowIssue[]): Flow {
  return {
    _id: String(row.id),
    id: row.id,
    name: row.name,
    description: row.description,
    nodes: row.nodes,
    edges: row.edges,
    metadata: metadataOf(row),
    isActive: row.isActive,
    triggers: triggersOf(row.triggers),
    warnings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toFlowSummary(row: FlowSummaryRow): FlowSummary {
  return {
    _id: String(row.id),
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    triggers: triggersOf(row.triggers),
    metadata: metadataOf(row),
    updatedAt: row.updatedAt.toISOString(),
    nodeCount: row.nodeCount,
  };
}

export function toFlowVersionSummary(row: FlowVersionSummaryRow): FlowVersionSummary {
  return { version: row.version, name: row.name, nodeCount: row.nodeCount, savedAt: row.savedAt.toISOString(), savedBy: row.savedBy };
}

export function toFlowVersion(row: FlowVersionDetailRow): FlowVersion {
  return { ...toFlowVersionSummary(row), description: row.description, nodes: row.nodes, edges: row.edges };
}
