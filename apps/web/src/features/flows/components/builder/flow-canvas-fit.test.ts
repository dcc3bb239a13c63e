import { getViewportForBounds } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { FIT_VIEW_OPTIONS, MINIMAP_SIZE, OVERLAY_MARGIN_PX } from './flow-canvas';

// React Flow's zoom controls: three 26 px buttons stacked, each with a 1 px border.
const CONTROLS = { width: 27, height: 81 };

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Where a flow's nodes land on a canvas of this size after Fit view, as React Flow computes it (the canvas's minZoom 0.2). */
function fitted(flow: { width: number; height: number }, canvas: { width: number; height: number }): Box {
  const { x, y, zoom } = getViewportForBounds(
    { x: 0, y: 0, ...flow },
    canvas.width,
    canvas.height,
    0.2,
    FIT_VIEW_OPTIONS.maxZoom ?? 1,
    FIT_VIEW_OPTIONS.padding ?? 0,
  );
  return { left: x, top: y, right: x + flow.width * zoom, bottom: y + flow.height * zoom };
}

describe('Fit view in the flow builder', () => {
  const canvases = [
    { width: 700, height: 460 },
    { width: 900, height: 600 },
    { width: 1400, height: 760 },
  ];
  const flows = [
    { width: 2400, height: 300 },
    { width: 300, height: 1400 },
    { width: 800, height: 600 },
    { width: 280, height: 120 },
  ];

  it.each(canvases)('keeps every node clear of the minimap and the zoom controls on a $width × $height canvas', (canvas) => {
    const minimap = {
      left: canvas.width - OVERLAY_MARGIN_PX - MINIMAP_SIZE.width,
      top: canvas.height - OVERLAY_MARGIN_PX - MINIMAP_SIZE.height,
      right: canvas.width - OVERLAY_MARGIN_PX,
      bottom: canvas.height - OVERLAY_MARGIN_PX,
    };
    const controls = {
      left: OVERLAY_MARGIN_PX,
      top: canvas.height - OVERLAY_MARGIN_PX - CONTROLS.height,
      right: OVERLAY_MARGIN_PX + CONTROLS.width,
      bottom: canvas.height - OVERLAY_MARGIN_PX,
    };
    for (const flow of flows) {
      const nodes = fitted(flow, canvas);
      expect(overlaps(nodes, minimap), `a ${flow.width} × ${flow.height} flow under the minimap`).toBe(false);
      expect(overlaps(nodes, controls), `a ${flow.width} × ${flow.height} flow under the controls`).toBe(false);
      expect(nodes.left).toBeGreaterThanOrEqual(0);
      expect(nodes.top).toBeGreaterThanOrEqual(0);
    }
  });
});
