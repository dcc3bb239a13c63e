import { createContext, useContext } from 'react';
import type { FlowProblems } from './flow-issues';

export interface NodeFigures {
  reached: number;
  droppedOff: number;
}

export interface BuilderView {
  problems: FlowProblems | null;
  /** Per node, while the analytics overlay is on. */
  analytics: Map<string, NodeFigures> | null;
}

/** What the node components show besides their data: their problems and analytics figures. */
export const BuilderViewContext = createContext<BuilderView>({ problems: null, analytics: null });

export const useBuilderView = () => useContext(BuilderViewContext);
