import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { closeDatabase, database, type SeedConversation, seedConversation } from './support/database.ts';
import { apiToken, createUserViaApi, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/stack.ts';

// One dataset for every story, seeded by SQL into the source rows (contacts, conversations, messages, session changes,
// sentiment labels) 9 to 16 days ago, where no other spec writes; the server's own rollup job folds it into the
// figures. The e2e stack's app timezone is UTC, so local days are UTC days.
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const at = (days: number, time: string) => new Date(`${dayAgo(days)}T${time}Z`);
/** Five days holding the seeded conversations (days 12 and 11 ago); the five before hold one more. */
const RANGE = { startDate: dayAgo(13), endDate: dayAgo(9) };
const rangeQuery = `from=${RANGE.startDate}&to=${RANGE.endDate}&interval=day`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** How the dashboards label a day: "5 Mar". */
const dayLabel = (days: number) => {
  const [, month, day] = dayAgo(days).split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]}`;
};

// Fixed people, so a worker started again after a failure finds them seeded instead of seeding them twice; Irish
// numbers, which no other spec uses.
const people = {
  amara: { name: 'Amara Dashboard', phone: '353870000001' },
  bruno: { name: 'Bruno Dashboard', phone: '353870000002' },
  chen: { name: 'Chen Dashboard', phone: '353870000003' },
  dara: { name: 'Dara Dashboard', phone: '353870000004' },
  emil: { name: 'Emil Dashboard', phone: '353870000005' },
};

function dataset(adminId: number): SeedConversation[] {
  const customer = (day: number, time: string, text: string, label: 'positive' | 'neutral' | 'negative', score: number) =>
    ({ direction: 'inbound', at: at(day, time), text, sentiment: { label, score } }) as const;
  const agent = (day: number, time: string, text: string, status: 'sent' | 'delivered' | 'read') =>
    ({ direction: 'outbound', at: at(day, time), text, status, userId: adminId }) as const;
  return [
    {
      // Day 12: answered after 2 minutes, then unhappy, then resolved by the admin.
      ...people.amara,
      messages: [
        customer(12, '09:00:00', 'Hello, where is my parcel?', 'neutral', 0),
        agent(12, '09:02:00', 'It left our warehouse yesterday.', 'read'),
        customer(12, '09:05:00', 'It arrived broken, this is awful', 'negative', -0.8),
        agent(12, '09:10:00', 'Sorry! A new one is on its way.', 'delivered'),
      ],
      changes: [
        { from: 'bot', to: 'agent', at: at(12, '09:01:00'), userId: adminId },
        { from: 'agent', to: 'ended', at: at(12, '09:20:00'), userId: adminId },
      ],
    },
    {
      // Day 12: two angry messages, answered after 6 minutes.
      ...people.bruno,
      messages: [
        customer(12, '10:00:00', 'I am very angry, terrible service', 'negative', -0.9),
        customer(12, '10:01:00', 'Still nothing, worst shop ever', 'negative', -0.7),
        agent(12, '10:06:00', 'I am sorry, let me check.', 'read'),
        agent(12, '10:30:00', 'It ships today.', 'delivered'),
      ],
      changes: [{ from: 'bot', to: 'agent', at: at(12, '10:05:00'), userId: adminId }],
    },
    {
      // Day 11: the bot answers and hands over at 14:01; the admin replies 4 minutes after the handoff.
      ...people.chen,
      messages: [
        customer(11, '14:00:00', 'Thanks, great help last time!', 'positive', 0.8),
        { direction: 'outbound', at: at(11, '14:00:20'), text: 'Hi! An agent will be with you shortly.', status: 'delivered' },
        agent(11, '14:05:00', 'Hi, how can I help?', 'sent'),
      ],
      changes: [{ from: 'bot', to: 'agent', at: at(11, '14:01:00'), reason: 'The customer asked for a person' }],
    },
    {
      // The previous five days: one conversation, answered after a minute.
      ...people.dara,
      messages: [customer(16, '11:00:00', 'Do you deliver on Sundays?', 'neutral', 0), agent(16, '11:01:00', 'Yes, we do.', 'read')],
    },
    {
      // Within the last seven days.
      ...people.emil,
      messages: [customer(2, '08:00:00', 'Is my order ready?', 'neutral', 0)],
    },
  ];
}

async function summaryOf(request: APIRequestContext, range: { startDate: string; endDate: string }) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.get('/api/reports/summary', { headers, params: { ...range, interval: 'day' } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Conversations with a message and messages received in these whole UTC days, counted from the messages themselves. */
async function countedFromRows(range: { startDate: string; endDate: string }) {
  const { rows } = await (await database()).query<{ conversations: number; received: number }>(
    `SELECT count(DISTINCT conversation_id)::int AS conversations, count(*) FILTER (WHERE direction = 'inbound')::int AS received
     FROM messages
     WHERE timestamp >= $1::date::timestamp AT TIME ZONE 'UTC' AND timestamp < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    [range.startDate, range.endDate],
  );
  return { conversations: rows[0]?.conversations ?? 0, messagesIn: rows[0]?.received ?? 0 };
}

test.beforeAll(async ({ playwright }) => {
  const db = await database();
  const seeded = await db.query('SELECT 1 FROM contacts WHERE phone = $1', [people.amara.phone]);
  if (seeded.rowCount === 0) {
    const admin = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [E2E_ADMIN.username]);
    for (const conversation of dataset(admin.rows[0]?.id ?? 0)) await seedConversation(db, conversation);
  }
  // The rollup job runs every 2 s: wait until it has folded every seeded bucket (the last is day 11's).
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await expect
    .poll(
      async () => {
        const { current, previous } = await summaryOf(request, RANGE);
        return [current.conversations, current.messagesIn, current.messagesOut, current.botHandoffs, previous.conversations];
      },
      { timeout: 20_000 },
    )
    .toEqual([3, 5, 6, 1, 1]);
  await request.dispose();
});

test.afterAll(closeDatabase);

/** A figure of the overview: its tile, found by its label. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Figures' })
    .locator('.figure-tile')
    .filter({ has: page.getByText(label, { exact: true }) });

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A card's table as text, header row first: what the page shows. */
async function shownTable(table: Locator): Promise<string[][]> {
  return table.getByRole('row').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
}

test('an admin reads the overview of the seeded days against the days before, then picks the last 7 days', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/admin/dashboard/overview?${rangeQuery}`);
  await expect(page.getByLabel('Range')).toHaveValue('custom');
  await expect(figure(page, 'Conversations').locator('strong')).toHaveText('3');
  await expect(figure(page, 'Conversations')).toContainText('Up 200% on the previous period');
  await expect(figure(page, 'Messages received').locator('strong')).toHaveText('5');
  await expect(figure(page, 'Messages sent').locator('strong')).toHaveText('6');
  // First responses of 2 min (Amara), 6 min (Bruno) and 4 min after the bot's handoff (Chen): the median is read
  // halfway inside the 4:00-4:30 bin of the histogram the rollups keep.
  await expect(figure(page, 'Median first response').locator('strong')).toHaveText('4 min 15 s');
  await expect(figure(page, 'Bot handoffs').locator('strong')).toHaveText('1');
  await expect(figure(page, 'Resolved').locator('strong')).toHaveText('1');
  const chart = card(page, 'Conversations over time');
  await expect(chart.getByRole('application', { name: 'Conversations over time' })).toBeVisible();
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText('Handed off by the bot');

  // The last seven days hold Emil's conversation and whatever other stories wrote this week: counted from the rows,
  // once the rollups have caught up with them.
  const week = { startDate: dayAgo(6), endDate: dayAgo(0) };
  let counted = { conversations: 0, messagesIn: 0 };
  await expect(async () => {
    counted = await countedFromRows(week);
    const { current } = await summaryOf(page.request, week);
    expect({ conversations: current.conversations, messagesIn: current.messagesIn }).toEqual(counted);
  }).toPass({ timeout: 10_000 });
  expect(counted.conversations).toBeGreaterThanOrEqual(1);

  await page.getByLabel('Range').selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(new RegExp(`from=${week.startDate}&to=${week.endDate}&interval=day`));
  await expect(figure(page, 'Conversations').locator('strong')).toHaveText(counted.conversations.toLocaleString('en-US'));
  await expect(figure(page, 'Messages received').locator('strong')).toHaveText(counted.messagesIn.toLocaleString('en-US'));
  await expect(chart.getByRole('application', { name: 'Conversations over time' })).toBeVisible();
});

test('a click on a bar of message volume, or on a row of its table, lands on that day’s conversations', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/admin/dashboard/metrics?${rangeQuery}`);
  const volume = card(page, 'Message volume');
  // The bar of day 12 stands right above its label on the axis.
  const tick = volume.getByRole('application', { name: 'Message volume' }).locator('text', { hasText: new RegExp(`^${dayLabel(12)}$`) });
  const box = await tick.boundingBox();
  if (!box) throw new Error('the axis shows no label for day 12');
  await page.mouse.move(box.x + box.width / 2, box.y - 12);
  await page.mouse.click(box.x + box.width / 2, box.y - 12);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/reports/conversations?startDate=${dayAgo(12)}&endDate=${dayAgo(12)}`);
  const report = page.getByRole('table');
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report.getByText(people.amara.name)).toBeVisible();
  await expect(report.getByText(people.bruno.name)).toBeVisible();

  await page.goBack();
  await volume.getByRole('button', { name: 'Show table' }).click();
  await volume.getByRole('link', { name: dayLabel(11) }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/reports/conversations?startDate=${dayAgo(11)}&endDate=${dayAgo(11)}`);
  await expect(report.getByRole('row')).toHaveCount(2);
  await expect(report.getByText(people.chen.name)).toBeVisible();
});

test('"Export CSV" on the conversations chart downloads the table it shows', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/admin/dashboard/overview?${rangeQuery}`);
  const chart = card(page, 'Conversations over time');
  await chart.getByRole('button', { name: 'Show table' }).click();
  const table = chart.getByRole('table');
  const shown = await shownTable(table);
  expect(shown[0]).toEqual(['Period', 'Active', 'Opened', 'Reopened', 'Handed off by the bot', 'Resolved']);
  expect(shown.slice(1)).toEqual([
    [dayLabel(13), '0', '0', '0', '0', '0'],
    [dayLabel(12), '2', '2', '0', '0', '1'],
    [dayLabel(11), '1', '1', '0', '1', '0'],
    [dayLabel(10), '0', '0', '0', '0', '0'],
    [dayLabel(9), '0', '0', '0', '0', '0'],
  ]);

  const download = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`conversations-${RANGE.startDate}-to-${RANGE.endDate}.csv`);
  const rows = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  expect(rows).toEqual(shown);
});

test('the most negative conversations come from the seeded unhappy messages, and one opens in the chat', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/admin/dashboard/sentiment?${rangeQuery}`);
  await expect(figure(page, 'Negative messages').locator('strong')).toHaveText('3');
  const unhappy = card(page, 'Most negative recent conversations').getByRole('table');
  const rows = unhappy.getByRole('row');
  await expect(rows).toHaveCount(3);
  // Bruno wrote two negative messages, Amara one.
  await expect(rows.nth(1)).toContainText(people.bruno.name);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('2');
  await expect(rows.nth(2)).toContainText(people.amara.name);

  await unhappy.getByRole('link', { name: people.bruno.name }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/chat?phone=${people.bruno.phone}`);
  const thread = page.getByRole('region', { name: `Conversation with ${people.bruno.name}` });
  await expect(thread.getByText('Still nothing, worst shop ever')).toBeVisible();
});

test('an agent has no dashboard in the menu, is sent from Metrics to the chat, and opens Overview and Sentiment by route', async ({
  page,
  request,
}) => {
  const username = uniqueName('dashagent');
  await createUserViaApi(request, { username, password: 'agent-pass', email: `${username}@example.com`, role: 'agent' });
  await signIn(page, username, 'agent-pass');
  const menu = page.getByRole('complementary', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Chat' })).toBeVisible();
  // Spec 2: other users see only Chat, Conversations and Media in the menu.
  for (const item of ['Overview', 'Metrics', 'Sentiment', 'Template analytics']) {
    await expect(menu.getByRole('link', { name: item })).toHaveCount(0);
  }

  await page.goto(`/admin/dashboard/metrics?${rangeQuery}`);
  await expect(page).toHaveURL(/\/chat$/);
  await page.goto(`/admin/dashboard/overview?${rangeQuery}`);
  await expect(figure(page, 'Conversations').locator('strong')).toHaveText('3');
  await page.goto(`/admin/dashboard/sentiment?${rangeQuery}`);
  await expect(card(page, 'Most negative recent conversations').getByRole('link', { name: people.bruno.name })).toBeVisible();
});

// Two agents whose replies differ, 40 and 41 days ago (before any range the other stories read): Ava answers three
// times, Ben once.
const FILTER_RANGE = { startDate: dayAgo(42), endDate: dayAgo(39) };
const twoAgents = { ava: 'filterava', ben: 'filterben' } as const;

async function seedTwoAgents(request: APIRequestContext): Promise<{ ava: number; ben: number }> {
  const db = await database();
  const idOf = async (username: string) => {
    const found = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
    return (
      found.rows[0]?.id ?? createUserViaApi(request, { username, password: 'agent-pass', email: `${username}@example.com`, role: 'agent' })
    );
  };
  const ids = { ava: await idOf(twoAgents.ava), ben: await idOf(twoAgents.ben) };
  const customer = (day: number, time: string, text: string) => ({ direction: 'inbound', at: at(day, time), text }) as const;
  const reply = (day: number, time: string, text: string, userId: number) =>
    ({ direction: 'outbound', at: at(day, time), text, status: 'read', userId }) as const;
  const seeded = await db.query('SELECT 1 FROM contacts WHERE phone = $1', ['353870000011']);
  if (seeded.rowCount === 0) {
    await seedConversation(db, {
      name: 'Fia Filter',
      phone: '353870000011',
      messages: [
        customer(41, '10:00:00', 'Can I change my address?'),
        reply(41, '10:02:00', 'Yes, which one?', ids.ava),
        customer(41, '10:05:00', 'The new one is on the order'),
        reply(41, '10:06:00', 'Done.', ids.ava),
      ],
    });
    await seedConversation(db, {
      name: 'Gus Filter',
      phone: '353870000012',
      messages: [customer(41, '11:00:00', 'Hello?'), reply(41, '11:10:00', 'Hello, sorry for the wait.', ids.ben)],
    });
    await seedConversation(db, {
      name: 'Hana Filter',
      phone: '353870000013',
      messages: [customer(40, '09:00:00', 'Do you open on Monday?'), reply(40, '09:01:00', 'We do.', ids.ava)],
    });
  }
  return ids;
}

test('an admin narrows Metrics to one agent, sees only their replies, and the filter survives a reload', async ({ page }) => {
  const ids = await seedTwoAgents(page.request);
  // Until the rollup job has folded the seeded replies: four in all, three of them Ava's.
  const headers = { authorization: `Bearer ${await apiToken(page.request)}` };
  const sent = async (agentId?: number) => {
    const params = { ...FILTER_RANGE, interval: 'day', ...(agentId ? { agentId: String(agentId) } : {}) };
    return (await (await page.request.get('/api/analytics/messages/volume', { headers, params })).json()).totals.outbound;
  };
  await expect.poll(async () => [await sent(), await sent(ids.ava)], { timeout: 20_000 }).toEqual([4, 3]);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/admin/dashboard/metrics?from=${FILTER_RANGE.startDate}&to=${FILTER_RANGE.endDate}&interval=day`);
  const volume = card(page, 'Message volume');
  await volume.getByRole('button', { name: 'Show table' }).click();
  const sentOn = (day: number) =>
    volume
      .getByRole('row')
      .filter({ hasText: dayLabel(day) })
      .getByRole('cell')
      .nth(1);
  await expect(sentOn(41)).toHaveText('3');
  await expect(sentOn(40)).toHaveText('1');
  const byAgent = card(page, 'Response times by agent');
  await byAgent.getByRole('button', { name: 'Show table' }).click();
  await expect(byAgent.getByRole('row').filter({ hasText: twoAgents.ben })).toHaveCount(1);

  const agentFilter = page.getByRole('region', { name: 'Filter' }).getByLabel('Agent');
  await agentFilter.selectOption({ label: twoAgents.ava });
  await expect(page).toHaveURL(new RegExp(`&agentId=${ids.ava}$`));
  await expect(sentOn(41)).toHaveText('2');
  await expect(sentOn(40)).toHaveText('1');
  await expect(byAgent.getByRole('row').filter({ hasText: twoAgents.ben })).toHaveCount(0);
  await expect(byAgent.getByRole('row').filter({ hasText: twoAgents.ava }).getByRole('cell').first()).toHaveText('3');
  await expect(card(page, 'Customers returning, by the week they first wrote')).toContainText(
    'These figures are not kept per agent. Choose “All agents” to see them.',
  );

  await page.reload();
  await expect(agentFilter).toHaveValue(String(ids.ava));
  await volume.getByRole('button', { name: 'Show table' }).click();
  await expect(sentOn(41)).toHaveText('2');
});
