import type { Flow, FlowTriggers } from '@wac/contract/flows';
import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import type { TestApp } from '../../../../test/test-app.ts';
import { createListeningTestApp, type ListeningTestApp } from '../../../whatsapp/test/listening-test-app.ts';
import { createFlow } from './flow-test-kit.ts';

/**
 * The whole app started again on an existing database, on a new port with its own sandbox, as after a restart:
 * whatever the first server left in PostgreSQL is all this one knows.
 */
export const restartOnDatabase = (databaseUrl: string, env: Record<string, string> = {}): Promise<ListeningTestApp> =>
  createListeningTestApp({ env, databaseUrl });

/** How the customer shows themselves: a username, and whether they hide their number (the webhook then names a BSUID only). */
export interface SandboxProfile {
  username?: string;
  hideNumber?: boolean;
}

/** A simulated customer, through the sandbox: each message goes to the server as a signed webhook. */
export function sandboxCustomer(t: () => ListeningTestApp, token: () => string, phone: string, name = 'Ann', profile: SandboxProfile = {}) {
  const control = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await t().request({ method, url, token: token(), ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const send = async (payload: Record<string, unknown>) => {
    const sent = await control('POST', '/sandbox/control/inbound', { from: phone, name, ...profile, ...payload });
    if (sent.webhookStatus !== 200) throw new Error(`the webhook answered ${sent.webhookStatus}`);
    return sent.wamid as string;
  };
  return {
    phone,
    name,
    says: (text: string) => send({ type: 'text', text }),
    /** Writes with the number shown from now on (the customer stops hiding it). */
    showsNumber: (text: string) => {
      profile.hideNumber = false;
      return send({ type: 'text', text });
    },
    taps: (replyId: string, replyTitle: string) => send({ type: 'button_reply', replyId, replyTitle }),
    picks: (replyId: string, replyTitle: string) => send({ type: 'list_reply', replyId, replyTitle }),
    /** What the business sent this customer, as the sandbox's Graph API took it, oldest first. */
    async received(): Promise<SandboxMessage[]> {
      const conversation = (await control('GET', `/sandbox/control/conversation?phone=${phone}`)) as { messages: SandboxMessage[] };
      return conversation.messages.filter((m) => m.direction === 'to_customer');
    },
  };
}

/** New customers, one number each: `prefix` (7 digits) keeps one test file's numbers apart from another's. */
export function sandboxCustomers(t: () => ListeningTestApp, token: () => string, prefix: string) {
  let seq = 0;
  return (name = 'Ann') => {
    seq += 1;
    return sandboxCustomer(t, token, `${prefix}${String(seq).padStart(5, '0')}`, name);
  };
}
export type SandboxCustomer = ReturnType<typeof sandboxCustomer>;

/** A flow created, given its triggers and activated, as an admin does in the builder. */
export async function activeFlow(t: TestApp, token: string, body: Record<string, unknown>, triggers: Partial<FlowTriggers>): Promise<Flow> {
  const flow = await createFlow(t, token, body);
  const set = await t.request({
    method: 'PUT',
    url: `/api/flows/${flow.id}/triggers`,
    token,
    payload: { keywords: [], onNewConversation: false, isDefault: false, ...triggers },
  });
  if (set.statusCode !== 200) throw new Error(`triggers failed: ${set.statusCode} ${set.body}`);
  const activated = await t.request({ method: 'POST', url: `/api/flows/${flow.id}/activate`, token });
  if (activated.statusCode !== 200) throw new Error(`activate failed: ${activated.statusCode} ${activated.body}`);
  return activated.json() as Flow;
}

const at = (x: number, y: number) => ({ x, y });

/** A question with 5 colours, shown as a list, each answer confirmed by one message. */
export function colourFlow() {
  const colours = ['Red', 'Green', 'Blue', 'Yellow', 'Purple'];
  return {
    name: 'Colours',
    description: 'A list question',
    nodes: [
      { id: 'start', type: 'start', position: at(0, 0), data: {} },
      {
        id: 'pick',
        type: 'quickReply',
        position: at(0, 100),
        data: {
          question: 'Pick a colour',
          variable: 'colour',
          listButton: 'Colours',
          options: colours.map((title) => ({ id: title.toLowerCase(), title, description: `The colour ${title.toLowerCase()}` })),
        },
      },
      { id: 'chosen', type: 'message', position: at(0, 200), data: { message: 'You chose {{colour}}' } },
    ],
    edges: [
      { id: 'e0', source: 'start', target: 'pick' },
      ...colours.map((title) => ({ id: `e-${title}`, source: 'pick', sourceHandle: title.toLowerCase(), target: 'chosen' })),
    ],
  };
}

/** Yes or no, asked again once, then the fallback edge. */
export function confirmFlow() {
  return {
    name: 'Confirm',
    description: 'Retries then falls back',
    nodes: [
      { id: 'start', type: 'start', position: at(0, 0), data: {} },
      {
        id: 'ask',
        type: 'quickReply',
        position: at(0, 100),
        data: {
          question: 'Shall we book it?',
          options: [
            { id: 'yes', title: 'Yes' },
            { id: 'no', title: 'No' },
          ],
          maxRetries: 1,
          retryMessage: 'Please answer yes or no',
        },
      },
      { id: 'booked', type: 'action', position: at(-100, 200), data: { actionType: 'end', message: 'Booked!' } },
      { id: 'help', type: 'message', position: at(100, 200), data: { message: 'Let me find someone to help' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'ask' },
      { id: 'e2', source: 'ask', sourceHandle: 'yes', target: 'booked' },
      { id: 'e3', source: 'ask', sourceHandle: 'fallback', target: 'help' },
    ],
  };
}

/** An HTTP action whose JSON answer fills a variable the next message uses; a picture by link after it. */
export function orderFlow(apiBase: string) {
  return {
    name: 'Order status',
    description: 'Looks the order up',
    nodes: [
      { id: 'start', type: 'start', position: at(0, 0), data: {} },
      {
        id: 'lookup',
        type: 'action',
        position: at(0, 100),
        data: {
          actionType: 'http_request',
          method: 'GET',
          url: `${apiBase}/orders/{{phone}}`,
          headers: { 'x-customer': '{{name}}' },
          responseMapping: [{ variable: 'status', path: 'order.status' }],
        },
      },
      { id: 'status', type: 'message', position: at(0, 200), data: { message: 'Your order is {{status}}' } },
      {
        id: 'receipt',
        type: 'message',
        position: at(0, 300),
        data: { message: 'Your receipt', mediaUrl: 'https://cdn.example.com/receipts/{{phone}}.png', mediaType: 'image' },
      },
      { id: 'down', type: 'message', position: at(200, 200), data: { message: 'Sorry, orders cannot be looked up now' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'lookup' },
      { id: 'e2', source: 'lookup', target: 'status' },
      { id: 'e3', source: 'lookup', sourceHandle: 'error', target: 'down' },
      { id: 'e4', source: 'status', target: 'receipt' },
    ],
  };
}

/** A question that follows its timeout edge when nobody answers. */
export function surveyFlow() {
  return {
    name: 'Survey',
    description: 'Times out',
    nodes: [
      { id: 'start', type: 'start', position: at(0, 0), data: {} },
      {
        id: 'rate',
        type: 'quickReply',
        position: at(0, 100),
        data: {
          question: 'How did we do?',
          timeoutMinutes: 1,
          options: [
            { id: 'good', title: 'Good' },
            { id: 'bad', title: 'Bad' },
          ],
        },
      },
      { id: 'thanks', type: 'action', position: at(-100, 200), data: { actionType: 'end', message: 'Thank you!' } },
      { id: 'nudge', type: 'message', position: at(100, 200), data: { message: 'Are you still there?' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'rate' },
      { id: 'e2', source: 'rate', sourceHandle: 'good', target: 'thanks' },
      { id: 'e3', source: 'rate', sourceHandle: 'bad', target: 'thanks' },
      { id: 'e4', source: 'rate', sourceHandle: 'timeout', target: 'nudge' },
    ],
  };
}
