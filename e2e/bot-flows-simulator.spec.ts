import { expect, test } from '@playwright/test';
import { bubble, openChatWith, reply } from './support/chat.ts';
import { createFlowViaApi, deactivateFlowViaApi, triage, triageFlow } from './support/flows.ts';
import { createUserViaApi, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { socketConnected, uniqueCustomerPhone } from './support/whatsapp.ts';

// A bot flow end to end over the (sandboxed) WhatsApp channel: activated in the console, answered by the bot in the
// customer simulator, branched on the tapped button, handed to an agent who takes it over and answers in Chat while the bot keeps quiet.

test('a customer in the simulator taps a reply button, the flow branches on it and hands off, and an agent takes over and answers while the bot stays quiet', async ({
  browser,
  request,
}) => {
  const customerName = 'Rita Refund';
  const keyword = uniqueName('menu').toLowerCase();
  const flow = await createFlowViaApi(request, triageFlow());
  const agentName = uniqueName('agent');
  await createUserViaApi(request, {
    username: agentName,
    password: 'agent-e2e-password',
    email: `${agentName}@example.com`,
    role: 'agent',
  });

  const adminContext = await browser.newContext();
  const agentContext = await browser.newContext();
  try {
    // The admin makes it the flow for new conversations (and a keyword) and switches it on, all by clicking.
    const admin = await adminContext.newPage();
    await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
    await admin.goto('/bot-flows');
    await admin.getByRole('link', { name: flow.name, exact: true }).click();
    await expect(admin).toHaveURL(new RegExp(`/bot-flows/${flow.id}$`));
    await admin.getByRole('tab', { name: 'Activation' }).click();
    const settings = admin.getByRole('tabpanel', { name: 'Activation' });
    await settings.getByRole('textbox', { name: 'Keywords' }).fill(keyword);
    await settings.getByRole('button', { name: 'Add keyword' }).click();
    await expect(settings.getByRole('list', { name: 'Keywords' })).toContainText(keyword);
    await settings.getByRole('checkbox', { name: 'Start on a new conversation' }).check();
    await settings.getByRole('button', { name: 'Save triggers' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Triggers saved' })).toBeVisible();
    const active = settings.getByRole('switch', { name: 'Active' });
    await active.click();
    await expect(active).toHaveAttribute('aria-checked', 'true');
    await admin.goto('/bot-flows');
    const row = admin.getByRole('row').filter({ hasText: flow.name });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row).toContainText(`${keyword} · new conversations`);

    // The customer writes first in the simulator (the admin's page plays the customer) and the bot greets them.
    await admin.goto('/simulator');
    await admin.getByLabel('Customer phone').fill(`+${uniqueCustomerPhone()}`);
    await admin.getByLabel('Customer name').fill(customerName);
    await admin.getByLabel('Customer message').fill('Hello, I need some help');
    await admin.getByRole('button', { name: 'Send as customer' }).click();
    const phone = admin.getByRole('list', { name: "Messages on the customer's phone" });
    const fromBusiness = phone.locator('.sim-in .sim-text');
    await expect(phone.getByText(`Hi ${customerName}, welcome to Acme!`)).toBeVisible();
    await expect(phone.getByText(triage.question)).toBeVisible();

    // The question's reply buttons are on the phone; the customer taps "Get a refund" and the condition sends it on.
    const question = phone.locator('.sim-in', { hasText: triage.question });
    await expect(question.getByRole('button', { name: triage.order.title })).toBeVisible();
    await question.getByRole('button', { name: triage.refund.title }).click();
    await expect(phone.locator('.sim-out .sim-text').last()).toHaveText(triage.refund.title);
    await expect(phone.getByText(triage.refundAnswer)).toBeVisible();
    await expect(phone.getByText(triage.handoff)).toBeVisible();
    await expect(fromBusiness).toHaveText([`Hi ${customerName}, welcome to Acme!`, triage.question, triage.refundAnswer, triage.handoff]);
    await expect(phone.getByText(triage.orderAnswer)).toHaveCount(0);

    // An agent finds the conversation handed over to the agents (no longer the bot's), with what the bot said.
    const agent = await agentContext.newPage();
    const connected = socketConnected(agent);
    await signIn(agent, agentName, 'agent-e2e-password');
    await connected;
    const thread = await openChatWith(agent, customerName);
    await expect(thread.locator('.thread-header .session-badge')).toHaveText('Agent');
    await expect(bubble(thread, triage.handoff)).toBeVisible();
    // The bot's question is marked as the bot's, with the buttons it offered; the customer's tap is a reply of its own.
    const asked = bubble(thread, triage.question);
    await expect(asked.locator('.message-sender')).toHaveText('Bot');
    await expect(asked.getByRole('list', { name: 'Reply buttons offered' }).getByRole('listitem')).toHaveText([
      triage.order.title,
      triage.refund.title,
    ]);
    await expect(bubble(thread, `Button reply ${triage.refund.title}`)).toBeVisible();

    // Nobody holds it yet: the agent claims it.
    await thread.getByRole('button', { name: 'Take over' }).click();
    await expect(thread.locator('.thread-header .session-badge')).toHaveText(`Agent: ${agentName}`);
    await reply(agent, `Hi ${customerName}, I am ${agentName} and I will take care of your refund.`);
    await expect(bubble(thread, `I am ${agentName}`)).toBeVisible();
    await expect(phone.getByText(`Hi ${customerName}, I am ${agentName} and I will take care of your refund.`)).toBeVisible();

    // The customer writes again, even the flow's keyword: the agent sees it, the bot says nothing more.
    await admin.getByLabel('Customer message').fill(keyword);
    await admin.getByRole('button', { name: 'Send as customer' }).click();
    await expect(bubble(thread, keyword)).toBeVisible();
    await reply(agent, 'The refund is on its way.');
    await expect(phone.getByText('The refund is on its way.')).toBeVisible();
    await expect(fromBusiness).toHaveText([
      `Hi ${customerName}, welcome to Acme!`,
      triage.question,
      triage.refundAnswer,
      triage.handoff,
      `Hi ${customerName}, I am ${agentName} and I will take care of your refund.`,
      'The refund is on its way.',
    ]);
    await expect(thread.locator('.thread-header .session-badge')).toHaveText(`Agent: ${agentName}`);
  } finally {
    // Other tests' customers start new conversations too: the flow must not greet them.
    await deactivateFlowViaApi(request, flow.id);
    await adminContext.close();
    await agentContext.close();
  }
});
