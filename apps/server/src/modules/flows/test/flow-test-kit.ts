import type { Flow } from '@wac/contract/flows';
import type { TestApp } from '../../../../test/test-app.ts';

const at = (x: number, y: number) => ({ x, y });

/**
 * A valid flow: start → greeting → "Sales or support?" (2 options) → condition on the answer → handoff to an agent.
 * Support goes straight to the condition; the condition's false branch ends the conversation.
 */
export function sampleFlow(name = 'Greeting') {
  return {
    name,
    description: 'Welcomes customers and routes them',
    nodes: [
      { id: 'start', type: 'start', position: at(0, 0), data: { label: 'Start' } },
      { id: 'welcome', type: 'message', position: at(0, 120), data: { message: 'Hi {{name}}, welcome!' } },
      {
        id: 'ask',
        type: 'quickReply',
        position: at(0, 240),
        data: {
          question: 'How can we help?',
          variable: 'topic',
          options: [
            { id: 'sales', title: 'Sales' },
            { id: 'support', title: 'Support' },
          ],
        },
      },
      { id: 'check', type: 'condition', position: at(0, 360), data: { variable: 'topic', operator: 'equals', value: 'Sales' } },
      { id: 'handoff', type: 'action', position: at(-150, 480), data: { actionType: 'handoff', message: 'Connecting you to an agent' } },
      { id: 'bye', type: 'action', position: at(150, 480), data: { actionType: 'end', message: 'Goodbye' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'welcome' },
      { id: 'e2', source: 'welcome', target: 'ask' },
      { id: 'e3', source: 'ask', sourceHandle: 'sales', target: 'check' },
      { id: 'e4', source: 'ask', sourceHandle: 'support', target: 'check' },
      { id: 'e5', source: 'check', sourceHandle: 'true', target: 'handoff' },
      { id: 'e6', source: 'check', sourceHandle: 'false', target: 'bye' },
    ],
  };
}

export type FlowBody = ReturnType<typeof sampleFlow> & Record<string, unknown>;

/** start followed by `count - 1` messages in a chain: a large valid flow. */
export function chainFlow(count: number, name = 'Long chain') {
  const nodes: Record<string, unknown>[] = [{ id: 'start', type: 'start', position: at(0, 0), data: {} }];
  const edges: Record<string, unknown>[] = [];
  for (let k = 1; k < count; k++) {
    nodes.push({ id: `m${k}`, type: 'message', position: at(0, k * 100), data: { message: `Step ${k}` } });
    edges.push({ id: `e${k}`, source: k === 1 ? 'start' : `m${k - 1}`, target: `m${k}` });
  }
  return { name, description: '', nodes, edges };
}

export async function createFlow(t: TestApp, token: string, body: Record<string, unknown> = sampleFlow()): Promise<Flow> {
  const res = await t.request({ method: 'POST', url: '/api/flows', token, payload: body });
  if (res.statusCode !== 201) throw new Error(`create flow failed: ${res.statusCode} ${res.body}`);
  return res.json() as Flow;
}
