import { type APIRequestContext, expect } from '@playwright/test';
import { apiToken, uniqueName } from './session.ts';

/**
 * A small flow that asks with two reply buttons and answers each with its own message: start → welcome → question
 * (Sales, Support) → one message per option.
 */
export function buttonsFlow(name = uniqueName('Help desk ')) {
  const message = (id: string, text: string, y: number) => ({ id, type: 'message', position: { x: 0, y }, data: { message: text } });
  return {
    name,
    description: 'Greets the customer and answers by topic',
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start' } },
      message('welcome', 'Welcome to Acme!', 120),
      {
        id: 'ask',
        type: 'quickReply',
        position: { x: 0, y: 260 },
        data: {
          question: 'How can we help?',
          variable: 'topic',
          options: [
            { id: 'sales', title: 'Sales' },
            { id: 'support', title: 'Support' },
          ],
        },
      },
      message('sales-answer', 'Our sales team will call you today.', 460),
      { ...message('support-answer', 'Support is open from 9 to 5.', 460), position: { x: 300, y: 460 } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'welcome' },
      { id: 'e2', source: 'welcome', target: 'ask' },
      { id: 'e3', source: 'ask', sourceHandle: 'sales', target: 'sales-answer' },
      { id: 'e4', source: 'ask', sourceHandle: 'support', target: 'support-answer' },
    ],
  };
}

/** Saves a flow through the API as the admin; tests about building flows use the canvas instead. */
export async function createFlowViaApi(request: APIRequestContext, flow = buttonsFlow()): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/flows', { data: flow, headers: { authorization: `Bearer ${await apiToken(request)}` } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name: flow.name };
}
