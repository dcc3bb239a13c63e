import { flowEdgeSchema, flowLimits, flowNodeSchema } from '@wac/contract/flows';
import { z } from 'zod';
import { type FlowDoc, toCanvas, toFlowGraph } from './canvas-model';

/** What export writes and import reads: the flow without its server fields. */
const flowFileSchema = z.object({
  name: z.string().max(flowLimits.name).optional(),
  description: z.string().max(flowLimits.description).optional(),
  nodes: z.array(flowNodeSchema).max(flowLimits.nodes),
  edges: z.array(flowEdgeSchema).max(flowLimits.edges),
});

export function exportFlowJson(doc: FlowDoc): string {
  return JSON.stringify({ name: doc.name, description: doc.description, ...toFlowGraph(doc.nodes, doc.edges) }, null, 2);
}

/** A file name from the flow's name: `order-status.flow.json`. */
export function exportFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'flow'}.flow.json`;
}

export type ImportResult = { ok: true; doc: FlowDoc } | { ok: false; error: string };

/**
 * A flow read from an exported file. A file that is not a flow is refused with the first problem; a flow whose nodes
 * are incomplete is loaded, and the builder then shows its problems on the nodes. A missing name or description keeps
 * the current one.
 */
export function importFlowJson(text: string, current: Pick<FlowDoc, 'name' | 'description'>): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not JSON.' };
  }
  const parsed = flowFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.');
    return { ok: false, error: `This file is not a flow${where ? ` (${where}: ${issue?.message})` : ''}.` };
  }
  if (!parsed.data.nodes.some((n) => n.type === 'start')) return { ok: false, error: 'This flow has no start node.' };
  const { name = current.name, description = current.description, ...graph } = parsed.data;
  return { ok: true, doc: { name, description, ...toCanvas(graph) } };
}
