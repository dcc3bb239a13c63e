import { flowEdgeSchema, flowNodeSchema } from '@wac/contract/flows';
import { z } from 'zod';
import { docFingerprint, type FlowDoc, toCanvas, toFlowGraph } from './canvas-model';

/** The builder's unsaved work, kept in this browser after every change until it is saved or discarded. */
export interface FlowDraft {
  name: string;
  description: string;
  nodes: z.infer<typeof flowNodeSchema>[];
  edges: z.infer<typeof flowEdgeSchema>[];
  /** The server version the work started from; null for a flow never saved. */
  baseVersion: number | null;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

const draftSchema = z.object({
  name: z.string(),
  description: z.string(),
  nodes: z.array(flowNodeSchema),
  edges: z.array(flowEdgeSchema),
  baseVersion: z.number().int().nullable(),
  savedAt: z.number(),
});

/** One draft per flow; a flow not saved yet keeps its draft under 'new'. */
export const draftKey = (flowId: number | 'new') => `wac.flow-draft.${flowId}`;

export function readDraft(key: string, storage: Storage = localStorage): FlowDraft | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: dropped below like any unreadable draft.
  }
  storage.removeItem(key);
  return null;
}

/** False when the browser refused (storage full or disabled): the caller may say the draft is not kept. */
export function writeDraft(
  key: string,
  doc: FlowDoc,
  baseVersion: number | null,
  storage: Storage = localStorage,
  now = Date.now(),
): boolean {
  const draft: FlowDraft = {
    name: doc.name,
    description: doc.description,
    ...toFlowGraph(doc.nodes, doc.edges),
    baseVersion,
    savedAt: now,
  };
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: string, storage: Storage = localStorage): void {
  storage.removeItem(key);
}

export const draftToDoc = (draft: FlowDraft): FlowDoc => ({ name: draft.name, description: draft.description, ...toCanvas(draft) });

export interface DraftOffer {
  draft: FlowDraft;
  /** The flow was saved since the draft's work began (from another tab or by someone else). */
  stale: boolean;
}

/**
 * Whether to offer the draft back: whenever it holds something the server does not (for a new flow, anything at all).
 * It is stale when the flow was saved since its work began, elsewhere or before a refused (409) save: still offered,
 * as that work exists nowhere else.
 */
export function draftOffer(draft: FlowDraft | null, saved: { doc: FlowDoc; version: number } | null): DraftOffer | null {
  if (!draft) return null;
  if (!saved) return draft.nodes.length > 1 || draft.name || draft.description ? { draft, stale: false } : null;
  if (docFingerprint(draftToDoc(draft)) === docFingerprint(saved.doc)) return null;
  return { draft, stale: draft.baseVersion !== saved.version };
}
