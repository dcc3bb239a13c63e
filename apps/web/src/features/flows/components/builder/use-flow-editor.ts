import type { Flow } from '@wac/contract/flows';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { docFingerprint, emptyDoc, type FlowDoc, toCanvas, toFlowGraph } from './canvas-model';
import { clearDraft, type DraftOffer, draftKey, draftOffer, draftToDoc, readDraft, writeDraft } from './draft-storage';
import { historyReducer, initialHistory } from './flow-history';
import { flowProblems } from './flow-issues';

export const docOfFlow = (flow: Pick<Flow, 'name' | 'description' | 'nodes' | 'edges'>): FlowDoc => ({
  name: flow.name,
  description: flow.description,
  ...toCanvas(flow),
});

/** What the server holds, for "unsaved changes" and the version a save starts from. */
export interface SavedState {
  id: number | null;
  version: number | null;
  fingerprint: string;
}

const savedStateOf = (flow: Flow | null): SavedState =>
  flow
    ? { id: flow.id, version: flow.metadata.version, fingerprint: docFingerprint(docOfFlow(flow)) }
    : { id: null, version: null, fingerprint: docFingerprint(emptyDoc()) };

/**
 * The builder's document with undo, its live validation, and its local draft: written after every change while it
 * differs from the saved flow, offered back on the next visit, cleared by a save.
 */
export function useFlowEditor(flow: Flow | null) {
  const [history, dispatch] = useReducer(historyReducer, flow, (f) => initialHistory(f ? docOfFlow(f) : emptyDoc()));
  const [saved, setSaved] = useState(() => savedStateOf(flow));
  const key = draftKey(saved.id ?? 'new');
  const [offer, setOffer] = useState<DraftOffer | null>(() =>
    draftOffer(readDraft(key), flow ? { doc: docOfFlow(flow), version: flow.metadata.version } : null),
  );
  const [draftKept, setDraftKept] = useState(true);

  const { doc } = history;
  const fingerprint = useMemo(() => docFingerprint(doc), [doc]);
  const graph = useMemo(() => toFlowGraph(doc.nodes, doc.edges), [doc.nodes, doc.edges]);
  // Validation follows the saved fields only: a selection or a measured size does not run it again.
  const graphText = useMemo(() => JSON.stringify(graph), [graph]);
  const problems = useMemo(() => flowProblems(JSON.parse(graphText)), [graphText]);
  const dirty = fingerprint !== saved.fingerprint;

  // doc changes with every selection too: the draft is written when the fingerprint (the saved fields) changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fingerprint stands for doc
  useEffect(() => {
    // While a draft is offered it is kept as it is: the canvas is read-only until the author chooses.
    if (offer) return;
    if (dirty) setDraftKept(writeDraft(key, doc, saved.version));
    else clearDraft(key);
  }, [fingerprint, dirty, key, offer, saved.version]);

  const restoreDraft = useCallback(() => {
    if (!offer) return;
    dispatch({ type: 'replace', doc: draftToDoc(offer.draft) });
    setOffer(null);
  }, [offer]);

  const discardDraft = useCallback(() => {
    clearDraft(key);
    setOffer(null);
  }, [key]);

  /** After a save or a restore: the server's flow is now the baseline; the draft is no longer needed. */
  const markSaved = useCallback((saved: Flow, savedFingerprint: string) => {
    clearDraft(draftKey(saved.id));
    clearDraft(draftKey('new'));
    setSaved({ id: saved.id, version: saved.metadata.version, fingerprint: savedFingerprint });
  }, []);

  /** A flow restored on the server replaces what is on the canvas (undo can bring the canvas back). */
  const loadSaved = useCallback((restored: Flow) => {
    const restoredDoc = docOfFlow(restored);
    dispatch({ type: 'replace', doc: restoredDoc });
    clearDraft(draftKey(restored.id));
    setSaved({ id: restored.id, version: restored.metadata.version, fingerprint: docFingerprint(restoredDoc) });
  }, []);

  return {
    doc,
    graph,
    fingerprint,
    dispatch,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    problems,
    dirty,
    saved,
    offer,
    restoreDraft,
    discardDraft,
    draftKept,
    markSaved,
    loadSaved,
  };
}

export type FlowEditor = ReturnType<typeof useFlowEditor>;
