import { describe, expect, it } from 'vitest';
import type { CanvasEdge, CanvasNode } from './canvas-model';
import { copySelection, PASTE_OFFSET, pasteClipboard } from './clipboard';

const nodes: CanvasNode[] = [
  { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {}, selected: true, deletable: false },
  { id: 'message-1', type: 'message', position: { x: 100, y: 0 }, data: { message: 'Hi' }, selected: true },
  {
    id: 'question-1',
    type: 'quickReply',
    position: { x: 200, y: 0 },
    data: { question: 'Help?', options: [{ id: 'option-1', title: 'Sales' }] },
    selected: true,
  },
  { id: 'message-2', type: 'message', position: { x: 300, y: 0 }, data: { message: 'Bye' } },
];
const edges: CanvasEdge[] = [
  { id: 'e1', source: 'start', target: 'message-1' },
  { id: 'e2', source: 'message-1', target: 'question-1' },
  { id: 'e3', source: 'question-1', sourceHandle: 'option-1', target: 'message-2' },
];

describe('copy and paste', () => {
  it('copies the selected nodes but the start node, and only the edges between them', () => {
    const copied = copySelection(nodes, edges);
    expect(copied?.nodes.map((n) => n.id)).toEqual(['message-1', 'question-1']);
    expect(copied?.edges.map((e) => e.id)).toEqual(['e2']);
    expect(
      copySelection(
        nodes.map((n) => ({ ...n, selected: n.type === 'start' })),
        edges,
      ),
    ).toBeNull();
  });

  it('pastes with new free ids, moved by an offset, with the edges joined to the new ids', () => {
    const copied = copySelection(nodes, edges);
    if (!copied) throw new Error('nothing copied');
    const pasted = pasteClipboard(copied, nodes);
    expect(pasted.nodes.map((n) => n.id)).toEqual(['message-3', 'question-2']);
    expect(pasted.nodes[0]?.position).toEqual({ x: 100 + PASTE_OFFSET, y: PASTE_OFFSET });
    expect(pasted.nodes.every((n) => n.selected)).toBe(true);
    expect(pasted.edges).toEqual([
      expect.objectContaining({ source: 'message-3', target: 'question-2', id: 'e-message-3-next-question-2' }),
    ]);
    // Options keep their ids: edges leave a question by them.
    expect(pasted.nodes[1]?.type === 'quickReply' && pasted.nodes[1].data.options[0]?.id).toBe('option-1');
  });

  it('never shares data with the copied nodes, and moves a second paste further', () => {
    const copied = copySelection(nodes, edges);
    if (!copied) throw new Error('nothing copied');
    const first = pasteClipboard(copied, nodes);
    const second = pasteClipboard(copied, [...nodes, ...first.nodes], 2);
    expect(second.nodes.map((n) => n.id)).toEqual(['message-4', 'question-3']);
    expect(second.nodes[0]?.position).toEqual({ x: 100 + 2 * PASTE_OFFSET, y: 2 * PASTE_OFFSET });
    expect(first.nodes[0]?.data).not.toBe(nodes[1]?.data);
  });
});
