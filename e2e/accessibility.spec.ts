// The named export: the package's CommonJS typings make the default import the module object under NodeNext.
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test as signedOut } from '@playwright/test';
import { createFlowViaApi } from './support/flows.ts';
import { apiToken, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/stack.ts';
import { customerSendsImage, customerWrites, uniqueCustomerPhone } from './support/whatsapp.ts';

// WCAG 2.1 AA as axe-core checks it: every main page must be free of serious and critical violations,
// so a new page or colour that is hard to read or to reach fails here.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface PageCheck {
  name: string;
  /** Omitted: stay on the page the previous check left and audit it again after `act`. */
  path?: string;
  /** Shows once the page's content has loaded. */
  ready: (page: Page) => Locator;
  /** Brings the page into a further state worth auditing (an error shown, a tab chosen). */
  act?: (page: Page) => Promise<void>;
}

/** One line per serious or critical violation: the rule, the page and the offending elements. */
async function audit(page: Page, name: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
}

/**
 * Audits each page once its content (not the spinner) shows, and fails once, listing every violation of the group.
 * Every page is served under the console's strict Content-Security-Policy and must not break it.
 */
async function expectAccessible(page: Page, checks: PageCheck[]): Promise<void> {
  const problems: string[] = [];
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  for (const check of checks) {
    if (check.path) {
      const response = await page.goto(check.path);
      expect(response?.headers()['content-security-policy'], `${check.name} is served under the CSP`).toContain("script-src 'self'");
    }
    await check.act?.(page);
    await expect(check.ready(page).first()).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    // axe only rates a missing main landmark as moderate; every page has one, public pages included.
    await expect(page.getByRole('main'), `${check.name} has one main landmark`).toHaveCount(1);
    problems.push(...(await audit(page, check.name)));
  }
  expect(problems, `serious or critical accessibility violations:\n${problems.join('\n')}`).toEqual([]);
  expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });

signedOut('the public pages have no serious accessibility violations', async ({ page }) => {
  await expectAccessible(page, [
    { name: 'sign-in', path: '/login', ready: heading('Sign in') },
    {
      name: 'sign-in with errors',
      act: async (p) => {
        await p.getByLabel('Username').fill('nobody');
        await p.getByRole('button', { name: 'Sign in' }).click();
      },
      ready: (p) => p.getByText('Password is required'),
    },
    { name: 'forgot password', path: '/forgot-password', ready: (p) => p.getByLabel('Email') },
    { name: 'reset password', path: '/reset-password?token=x', ready: (p) => p.getByLabel('New password') },
    { name: 'verify email', path: '/verify-email?token=x', ready: heading('Verification failed') },
  ]);
});

/** Data for the pages to list, so tables, bubbles and charts are audited with rows in them. */
async function seed(request: APIRequestContext): Promise<{ phone: string; templateId: number }> {
  const phone = uniqueCustomerPhone();
  await customerWrites(request, phone, 'Ada Access', 'Where is my order?');
  await customerSendsImage(request, phone, 'Ada Access', 'The box');
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const name = uniqueName('a11y_');
  const created = await request.post('/api/templates', {
    headers,
    data: {
      name,
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hi {{1}}, your order ships today.', example: { body_text: [['Ada']] } }],
    },
  });
  expect(created.status()).toBe(201);
  const approved = await request.post('/sandbox/control/template-status', {
    headers,
    data: { name, language: 'en_US', status: 'APPROVED' },
  });
  expect(approved.status()).toBe(200);
  // The approval reaches the console through the sandbox's webhook, a moment later.
  await expect(async () => {
    const sent = await request.post('/api/send-template', {
      headers,
      data: {
        phone,
        template_name: name,
        language_code: 'en_US',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ada' }] }],
      },
    });
    expect(sent.status()).toBe(201);
  }).toPass();
  return { phone, templateId: (await created.json()).template.id };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// One admin session and one set of data for the whole file; each test opens its own page with them.
const test = signedOut.extend<object, { admin: { state: StorageState; phone: string; templateId: number } }>({
  admin: [
    async ({ browser, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      const seeded = await seed(request);
      await request.dispose();
      const page = await browser.newPage({ baseURL: E2E_BASE_URL });
      await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
      const state = await page.context().storageState();
      await page.close();
      await use({ state, ...seeded });
    },
    { scope: 'worker' },
  ],
  storageState: ({ admin }, use) => use(admin.state),
});

/** Resolves once the rollup job has folded the seeded messages into the figures the dashboards draw. */
async function untilFolded(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const read = async (path: string) => (await request.get(path, { headers })).json();
  await expect
    .poll(
      async () => {
        const [volume, sentiment] = await Promise.all([read('/api/analytics/messages/volume'), read('/api/analytics/sentiment')]);
        const { positive, neutral, negative } = sentiment.totals;
        return volume.totals.inbound > 0 && volume.totals.outbound > 0 && positive + neutral + negative > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** A dashboard with every card loaded and drawn, one card's data shown as a table. */
const dashboardWithTable = (name: string, path: string, card: string): PageCheck => ({
  name: `${name}, ${card.toLowerCase()} as a table`,
  path,
  act: async (p) => {
    await p.getByRole('region', { name: card, exact: true }).getByRole('button', { name: 'Show table' }).click();
    await expect(p.getByRole('status', { name: /^(Loading|Drawing) / })).toHaveCount(0);
  },
  ready: (p) => p.getByRole('region', { name: card, exact: true }).getByRole('table').getByRole('row').nth(1),
});

test('the dashboards have no serious accessibility violations', async ({ page }) => {
  await expectAccessible(page, [
    { name: 'overview', path: '/admin/dashboard/overview', ready: heading('Latest activity') },
    // The shell's open states, audited once here for every page.
    {
      name: 'overview, sidebar expanded',
      act: (p) => p.getByRole('button', { name: 'Expand sidebar' }).click(),
      ready: (p) => p.getByRole('complementary', { name: 'Main navigation' }).getByText('Management'),
    },
    {
      name: 'overview, notifications open',
      act: (p) => p.getByRole('button', { name: /^Notifications/ }).click(),
      ready: (p) => p.getByRole('dialog', { name: 'Notifications' }),
    },
    {
      name: 'overview, account menu open',
      act: (p) => p.getByRole('button', { name: 'Account menu' }).click(),
      ready: (p) => p.getByRole('menu'),
    },
    {
      name: 'template analytics',
      path: '/dashboard/templates',
      ready: (p) => p.getByRole('region', { name: 'Template messages' }).getByRole('cell', { name: /a11y_/ }),
    },
  ]);
});

test('the analytics dashboards, with their charts drawn and a table shown, have no serious accessibility violations', async ({
  page,
  request,
}) => {
  await untilFolded(request);
  await expectAccessible(page, [
    dashboardWithTable('overview', '/admin/dashboard/overview', 'Conversations over time'),
    dashboardWithTable('metrics', '/admin/dashboard/metrics', 'Message volume'),
    dashboardWithTable('sentiment', '/admin/dashboard/sentiment', 'Sentiment over time'),
  ]);
});

test('the chat, media and simulator have no serious accessibility violations', async ({ page, admin }) => {
  await expectAccessible(page, [
    { name: 'chat', path: '/chat', ready: heading('Pick a conversation') },
    {
      name: 'chat conversation',
      path: `/chat?phone=${admin.phone}`,
      ready: (p) => p.getByRole('region', { name: 'Conversation with Ada Access' }).getByText('Where is my order?'),
    },
    { name: 'media', path: '/media', ready: (p) => p.getByRole('list', { name: 'Media' }).getByRole('listitem') },
    { name: 'customer simulator', path: '/simulator', ready: (p) => p.getByRole('region', { name: "Customer's phone" }) },
  ]);
});

test('the template pages have no serious accessibility violations', async ({ page, admin }) => {
  await expectAccessible(page, [
    { name: 'templates', path: '/templates', ready: (p) => p.getByRole('cell', { name: /a11y_/ }) },
    { name: 'new template', path: '/templates/create', ready: (p) => p.getByLabel('Body', { exact: true }) },
    { name: 'edit template', path: `/templates/edit/${admin.templateId}`, ready: (p) => p.getByLabel('Body', { exact: true }) },
    { name: 'send template', path: '/templates/send', ready: (p) => p.getByLabel('Template', { exact: true }) },
  ]);
});

/** A draft campaign with one contact, sending the seeded template with the contact's name in it. */
async function draftCampaign(request: APIRequestContext, templateId: number): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/campaign/campaigns', {
    headers,
    data: {
      name: uniqueName('A11y campaign '),
      templateId,
      components: [{ type: 'body', parameters: [{ type: 'text', text: '{{name}}' }] }],
    },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).campaign._id;
  const added = await request.post(`/api/campaign/campaigns/${id}/contacts`, {
    headers,
    data: { contacts: [{ phone: uniqueCustomerPhone(), name: 'Ada Access' }] },
  });
  expect(added.status()).toBe(200);
  return id;
}

test('the campaign pages have no serious accessibility violations', async ({ page, request, admin }) => {
  const id = await draftCampaign(request, admin.templateId);
  await expectAccessible(page, [
    { name: 'campaigns', path: '/campaigns', ready: (p) => p.getByRole('region', { name: 'Campaigns' }).getByRole('row').nth(1) },
    { name: 'new campaign', path: '/campaigns/new', ready: (p) => p.getByLabel('Approved template') },
    {
      name: 'new campaign, template chosen',
      act: async (p) => {
        await p.getByLabel('Approved template').selectOption(String(admin.templateId));
      },
      ready: (p) => p.getByLabel('Value for {{1}}'),
    },
    { name: 'campaign', path: `/campaigns/${id}`, ready: (p) => p.getByRole('tabpanel', { name: 'Recipients' }).getByRole('row').nth(1) },
    { name: 'campaign contacts step', path: `/campaigns/${id}/edit?step=contacts`, ready: (p) => p.getByLabel('Contacts file (CSV)') },
    {
      name: 'campaign preview step',
      path: `/campaigns/${id}/edit?step=preview`,
      ready: (p) => p.getByRole('figure', { name: 'Message preview' }).getByText('Hi Ada Access'),
    },
    { name: 'campaign schedule step', path: `/campaigns/${id}/edit?step=schedule`, ready: (p) => p.getByLabel('Date and time') },
    {
      name: 'campaign start confirmation',
      act: async (p) => {
        await p.getByRole('button', { name: 'Start now' }).click();
      },
      ready: (p) => p.getByRole('dialog').getByText(/will receive/),
    },
  ]);
});

test('the bot flow pages have no serious accessibility violations', async ({ page, request }) => {
  const flow = await createFlowViaApi(request);
  const canvas = (p: Page) => p.getByRole('application', { name: 'Flow canvas' });
  const panel = (p: Page, name: string) => p.getByRole('tabpanel', { name });
  await expectAccessible(page, [
    { name: 'bot flows', path: '/bot-flows', ready: (p) => p.getByRole('region', { name: 'Bot flows' }).getByRole('row').nth(1) },
    {
      name: 'new bot flow, with an error on a node',
      path: '/bot-flows/new',
      act: async (p) => {
        await canvas(p).waitFor();
        await p.getByRole('button', { name: 'Add Message' }).click();
      },
      ready: (p) => p.getByRole('heading', { name: /^Problems: 1 error/ }),
    },
    { name: 'bot flow', path: `/bot-flows/${flow.id}`, ready: (p) => canvas(p).locator('.react-flow__node[data-id="ask"]') },
    {
      name: 'bot flow, quick reply selected',
      act: (p) => canvas(p).locator('.react-flow__node[data-id="ask"]').click(),
      ready: (p) => panel(p, 'Properties').getByLabel('Option 1 title'),
    },
    {
      name: 'bot flow, activation and triggers',
      act: (p) => p.getByRole('tab', { name: 'Activation' }).click(),
      ready: (p) => p.getByRole('switch', { name: 'Active' }),
    },
    {
      name: 'bot flow, try it',
      act: async (p) => {
        await p.getByRole('tab', { name: 'Try it' }).click();
        await panel(p, 'Try it').getByRole('button', { name: 'Start' }).click();
      },
      ready: (p) => panel(p, 'Try it').getByRole('button', { name: 'Sales' }),
    },
    {
      name: 'bot flow, versions',
      act: (p) => p.getByRole('tab', { name: 'Versions' }).click(),
      ready: (p) => panel(p, 'Versions').getByText('Version 1'),
    },
    {
      name: 'bot flow, analytics shown',
      act: (p) => p.getByRole('button', { name: 'Show analytics' }).click(),
      ready: (p) => canvas(p).getByText(/^Reached/),
    },
  ]);
});

test('the reports, management and profile pages have no serious accessibility violations', async ({ page }) => {
  await expectAccessible(page, [
    { name: 'conversation report', path: '/reports/conversations', ready: (p) => p.getByRole('table') },
    { name: 'activities', path: '/activities', ready: (p) => p.getByRole('table') },
    { name: 'users', path: '/admin/users', ready: (p) => p.getByRole('cell', { name: E2E_ADMIN.email }) },
    {
      name: 'users, new user dialog',
      act: (p) => p.getByRole('button', { name: 'New user' }).click(),
      ready: (p) => p.getByRole('dialog').getByLabel('Username'),
    },
    { name: 'background jobs', path: '/admin/jobs', ready: (p) => p.getByRole('region', { name: 'Process webhook events' }) },
    { name: 'profile', path: '/profile', ready: heading('Change password') },
  ]);
});

test('the settings page has no serious accessibility violations on any of its tabs', async ({ page }) => {
  const tab = (name: string): PageCheck => ({
    name: `settings, ${name} tab`,
    act: (p) => p.getByRole('tab', { name }).click(),
    // The panel is named by its tab and holds the form (a form may not itself be a tabpanel).
    ready: (p) => p.getByRole('tabpanel', { name, exact: true }).getByRole('form', { name: `${name} template` }),
  });
  await expectAccessible(page, [
    { name: 'settings', path: '/settings', ready: (p) => p.getByRole('tablist', { name: 'Email templates' }) },
    tab('Email verification'),
    tab('Test email'),
  ]);
});

test('the API key pages and outbound webhooks have no serious accessibility violations', async ({ page, request, admin }) => {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/keys', { headers, data: { name: uniqueName('A11y key '), scopes: ['send:text'] } });
  expect(created.status()).toBe(201);
  const { key, secret } = await created.json();
  // Twice with one Idempotency-Key: the log shows the message link and the "Replayed" mark.
  const sendHeaders = { 'x-api-key': secret, 'idempotency-key': uniqueName('a11y-') };
  for (let i = 0; i < 2; i++) {
    const sent = await request.post('/api/send-text', { headers: sendHeaders, data: { phone: admin.phone, message: 'Hello' } });
    expect(sent.status()).toBe(201);
  }
  await expectAccessible(page, [
    { name: 'API keys', path: '/api-keys', ready: (p) => p.getByRole('region', { name: 'API keys' }).getByRole('row').nth(1) },
    { name: 'new API key', path: '/api-keys/new', ready: (p) => p.getByLabel('Allowed IP ranges') },
    {
      name: 'new API key with errors',
      act: (p) => p.getByRole('button', { name: 'Create API key' }).click(),
      ready: (p) => p.getByText('name is required'),
    },
    {
      name: 'API key',
      path: `/api-keys/${key.id}`,
      act: async (p) => {
        // The call is logged a moment after its answer.
        await expect(async () => {
          await p.getByRole('region', { name: 'Calls' }).getByRole('button', { name: 'Refresh' }).click();
          await expect(p.getByRole('region', { name: 'Calls' }).getByText('Replayed')).toBeVisible({ timeout: 1000 });
        }).toPass();
      },
      ready: (p) => p.getByRole('region', { name: 'Calls per day' }).getByText('Error rate'),
    },
    { name: 'edit API key', path: `/api-keys/${key.id}/edit`, ready: (p) => p.getByLabel('Allowed IP ranges') },
    {
      name: 'settings, add outbound webhook dialog',
      path: '/settings#outbound-webhooks',
      act: (p) => p.getByRole('button', { name: 'Add webhook' }).click(),
      ready: (p) => p.getByRole('dialog', { name: 'Add outbound webhook' }).getByLabel('URL'),
    },
  ]);
});
