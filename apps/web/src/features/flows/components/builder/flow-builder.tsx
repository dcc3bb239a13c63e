import '@xyflow/react/dist/style.css';
import type { Flow } from '@wac/contract/flows';
import { ReactFlowProvider } from '@xyflow/react';
import { useMemo, useRef, useState } from 'react';
import { saveBlob } from '../../../../lib/download-file';
import { FormAlert } from '../../../../ui/form-alert';
import { useFlowAnalytics } from '../../api/flow-analytics';
import './flow-builder.css';
import { AnalyticsSummary } from './analytics-summary';
import { BuilderViewContext } from './builder-context';
import { BuilderSidePanel } from './builder-side-panel';
import { BuilderToolbar } from './builder-toolbar';
import { DraftOfferBanner } from './draft-offer-banner';
import { FlowCanvas } from './flow-canvas';
import { exportFileName, exportFlowJson, importFlowJson } from './flow-file';
import { NodePalette } from './node-palette';
import { ProblemsList } from './problems-list';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useBuilderShortcuts } from './use-builder-shortcuts';
import { useCanvasCommands } from './use-canvas-commands';
import { useFlowEditor } from './use-flow-editor';
import { useSaveAction } from './use-save-action';

/** /bot-flows/new and /bot-flows/:id: the flow on a canvas, with its palette, panel, problems and Save. */
export function FlowBuilder({ flow }: { flow: Flow | null }) {
  return (
    <ReactFlowProvider>
      <BuilderLayout flow={flow} />
    </ReactFlowProvider>
  );
}

function saveBlockedReason(name: string, errors: number, dirty: boolean, isNew: boolean): string | null {
  if (!name.trim()) return 'Name the flow to save it';
  if (errors > 0) return `Fix ${errors} ${errors === 1 ? 'error' : 'errors'} to save`;
  if (!dirty && !isNew) return 'All changes saved';
  return null;
}

function BuilderLayout({ flow }: { flow: Flow | null }) {
  const editor = useFlowEditor(flow);
  const { doc, dispatch, problems, dirty, saved, offer } = editor;
  const readOnly = offer !== null;
  const canvasRef = useRef<HTMLDivElement>(null);
  const commands = useCanvasCommands(doc.nodes, doc.edges, dispatch, canvasRef);
  const saving = useSaveAction(editor);
  const [importError, setImportError] = useState<string | null>(null);
  const [analyticsShown, setAnalyticsShown] = useState(false);
  const analytics = useFlowAnalytics(saved.id, analyticsShown);

  useBuilderShortcuts(
    { undo: () => dispatch({ type: 'undo' }), redo: () => dispatch({ type: 'redo' }), copy: commands.copy, paste: commands.paste },
    !readOnly,
  );

  const view = useMemo(
    () => ({
      problems,
      analytics: analyticsShown && analytics.data ? new Map(analytics.data.nodes.map((n) => [n.nodeId, n])) : null,
    }),
    [problems, analyticsShown, analytics.data],
  );

  const onImport = async (file: File) => {
    const result = importFlowJson(await file.text(), doc);
    setImportError(result.ok ? null : `${file.name}: ${result.error}`);
    if (result.ok) dispatch({ type: 'replace', doc: result.doc });
  };

  return (
    <BuilderViewContext.Provider value={view}>
      <div className="flow-builder">
        <BuilderToolbar
          name={doc.name}
          onName={(name) => dispatch({ type: 'set-details', patch: { name }, group: 'name' })}
          readOnly={readOnly}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          onExport={() => saveBlob(new Blob([exportFlowJson(doc)], { type: 'application/json' }), exportFileName(doc.name))}
          onImport={(file) => void onImport(file)}
          analytics={saved.id === null ? null : { shown: analyticsShown, onToggle: () => setAnalyticsShown((s) => !s) }}
          saving={saving.saving}
          saveBlocked={saveBlockedReason(doc.name, problems.errors.length, dirty, saved.id === null)}
          onSave={() => void saving.save()}
        />
        {offer && (
          <DraftOfferBanner offer={offer} serverVersion={saved.version} onRestore={editor.restoreDraft} onDiscard={editor.discardDraft} />
        )}
        <FormAlert message={saving.error ?? importError} />
        {!editor.draftKept && (
          <p className="status-banner status-banner-warning" role="status">
            This browser refused to keep a draft (its storage is full): save soon to keep your changes.
          </p>
        )}
        {analyticsShown && <AnalyticsSummary analytics={analytics} />}
        <div className="flow-builder-body">
          <NodePalette onAdd={(type) => commands.addNode(type)} hasStart={doc.nodes.some((n) => n.type === 'start')} disabled={readOnly} />
          <div className="flow-builder-main">
            <div className="flow-canvas" ref={canvasRef}>
              <FlowCanvas
                nodes={doc.nodes}
                edges={doc.edges}
                problems={problems}
                dispatch={dispatch}
                readOnly={readOnly}
                onDropNode={commands.addNode}
                toFlowPosition={commands.toFlowPosition}
              />
            </div>
            <ProblemsList problems={problems} onShow={commands.showIssue} />
          </div>
          <BuilderSidePanel flow={flow} editor={editor} readOnly={readOnly} />
        </div>
        <UnsavedChangesGuard when={dirty} allow={saving.allowLeaving} />
      </div>
    </BuilderViewContext.Provider>
  );
}
