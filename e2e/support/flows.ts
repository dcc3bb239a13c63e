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
export async function createFlowViaApi(
  request: APIRequestContext,
  flow: { name: string; description?: string; nodes: unknown[]; edges: unknown[] } = buttonsFlow(),
): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/flows', { data: flow, headers: { authorization: `Bearer ${await apiToken(request)}` } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name: flow.name };
}

/** The texts the triage flow sends, so a story can tell which way the customer went. */
export const triage = {
  welcome: 'Hi {{name}}, welcome to Acme!',
  question: 'What do you need help with?',
  order: { id: 'order', title: 'Track my order' },
  refund: { id: 'refund', title: 'Get a refund' },
  orderAnswer: 'Your order is on its way and arrives tomorrow.',
  refundAnswer: 'Refunds are handled by our team.',
  handoff: 'Connecting you to an agent now.',
} as const;

/**
 * A flow with reply buttons, a condition on the answer and a handoff: start → welcome → question (Track my order, Get
 * a refund), both leading to a condition "topic equals Get a refund" → true: the refund answer, then the handoff to an
 * agent; false: the order answer, and the flow ends with the bot.
 */
export function triageFlow(name = uniqueName('Triage ')) {
  const message = (id: string, text: string, x: number, y: number) => ({
    id,
    type: 'message',
    position: { x, y },
    data: { message: text },
  });
  return {
    name,
    description: 'Answers order questions and hands refunds to an agent',
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start' } },
      message('welcome', triage.welcome, 0, 120),
      {
        id: 'ask',
        type: 'quickReply',
        position: { x: 0, y: 260 },
        data: { question: triage.question, variable: 'topic', options: [triage.order, triage.refund] },
      },
      {
        id: 'is-refund',
        type: 'condition',
        position: { x: 0, y: 460 },
        data: { variable: 'topic', operator: 'equals', value: triage.refund.title },
      },
      message('refund-answer', triage.refundAnswer, -200, 640),
      { id: 'handoff', type: 'action', position: { x: -200, y: 800 }, data: { actionType: 'handoff', message: triage.handoff } },
      message('order-answer', triage.orderAnswer, 200, 640),
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'welcome' },
      { id: 'e2', source: 'welcome', target: 'ask' },
      { id: 'e3', source: 'ask', sourceHandle: triage.order.id, target: 'is-refund' },
      { id: 'e4', source: 'ask', sourceHandle: triage.refund.id, target: 'is-refund' },
      { id: 'e5', source: 'is-refund', sourceHandle: 'true', target: 'refund-answer' },
      { id: 'e6', source: 'refund-answer', target: 'handoff' },
      { id: 'e7', source: 'is-refund', sourceHandle: 'false', target: 'order-answer' },
    ],
  };
}

/** Switches a flow off through the API, so an active trigger does not answer other tests' customers. */
export async function deactivateFlowViaApi(request: APIRequestContext, id: number): Promise<void> {
  const res = await request.post(`/api/flows/${id}/deactivate`, { headers: { authorization: `Bearer ${await apiToken(request)}` } });
  expect(res.status(), await res.text()).toBe(200);
}
