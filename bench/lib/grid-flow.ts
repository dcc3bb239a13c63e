import type { FlowGraph } from '@wac/contract/flows';

/** Where the grid's nodes sit: columns 300 px apart (nodes are 220 px wide), rows 260 px apart. */
export const GRID = { columns: 20, dx: 300, dy: 260 } as const;

const options = [
  { id: 'track', title: 'Track my order' },
  { id: 'agent', title: 'Talk to someone' },
  { id: 'again', title: 'Start over' },
];

/**
 * A large flow as an author would lay it out: the start node, then `count - 1` nodes on a grid of GRID.columns
 * columns, in groups of ten (three messages, two conditions, two quick replies, a set_variable, an HTTP call and a
 * hand-off or end). Every node is reached from the start, every option has its edge, and every edge that is not a
 * quick reply's goes forward (to the next node, or down a row), so the only loops pass through a question: a "Start
 * over" option leads back up. The graph passes the contract's validateFlow with no warnings.
 */
export function gridFlow(count: number, name: string): { name: string; description: string } & FlowGraph {
  const at = (i: number) => ({ x: (i % GRID.columns) * GRID.dx, y: Math.floor(i / GRID.columns) * GRID.dy });
  const id = (i: number) => (i === 0 ? 'start' : `n${i}`);
  const last = count - 1;
  const nodes: Record<string, unknown>[] = [{ id: 'start', type: 'start', position: at(0), data: { label: 'Start' } }];
  const edges: Record<string, unknown>[] = [];
  const link = (from: number, to: number, sourceHandle?: string) => {
    // Forward edges past the last node are left out; an option always gets one (back up the grid: it waits).
    if (to > last || to < 1) return;
    edges.push({ id: `e${edges.length + 1}`, source: id(from), target: id(to), sourceHandle: sourceHandle ?? null, type: 'smoothstep' });
  };
  const optionTarget = (from: number, to: number) => (to <= last ? to : Math.max(1, from - 10));
  link(0, 1);
  for (let i = 1; i <= last; i++) {
    const position = at(i);
    switch ((i - 1) % 10) {
      case 0:
      case 2:
      case 5:
        nodes.push({
          id: id(i),
          type: 'message',
          position,
          data: { message: `Step ${i}: thanks {{name}}, your order {{order_id}} is ${i % 2 ? 'packed' : 'on its way'}.` },
        });
        link(i, i + 1);
        break;
      case 1:
      case 6: {
        const check =
          i % 3 === 0
            ? { variable: 'topic', operator: 'equals', value: 'Sales' }
            : i % 3 === 1
              ? { variable: 'order_status', operator: 'starts_with', value: 'ship' }
              : { variable: 'score', operator: 'greater_than', value: '10' };
        nodes.push({ id: id(i), type: 'condition', position, data: check });
        link(i, i + 1, 'true');
        link(i, i + ((i - 1) % 10 === 1 ? GRID.columns : GRID.columns + 1), 'false');
        break;
      }
      case 3:
      case 8: {
        nodes.push({
          id: id(i),
          type: 'quickReply',
          position,
          data: { question: `Question ${i}: what can we do for you, {{name}}?`, variable: `answer_${i}`, options, timeoutMinutes: 60 },
        });
        // At the 4th node of a group: on, down a row, back to the group's first. At the 9th: to the hand-off or
        // end just after it, to the next group, down a row.
        const targets = (i - 1) % 10 === 3 ? [i + 1, i + GRID.columns, i - 3] : [i + 1, i + 2, i + GRID.columns];
        for (const [k, option] of options.entries()) link(i, optionTarget(i, targets[k] as number), option.id);
        break;
      }
      case 4:
        nodes.push({ id: id(i), type: 'action', position, data: { actionType: 'set_variable', variable: 'step', value: String(i) } });
        link(i, i + 1);
        break;
      case 7:
        nodes.push({
          id: id(i),
          type: 'action',
          position,
          data: { actionType: 'http_request', method: 'GET', url: `https://api.example.com/orders/{{order_id}}?step=${i}` },
        });
        link(i, i + 1);
        link(i, i + GRID.columns, 'error');
        break;
      default:
        nodes.push({
          id: id(i),
          type: 'action',
          position,
          data:
            i % 20 === 10
              ? { actionType: 'handoff', message: 'Connecting you to an agent' }
              : { actionType: 'end', message: 'Thanks, goodbye!' },
        });
    }
  }
  return { name, description: `${count} nodes on a grid, for bench/flow-builder-frames.ts`, nodes, edges } as unknown as {
    name: string;
    description: string;
  } & FlowGraph;
}
