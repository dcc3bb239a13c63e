import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { createCampaign, promoComponents, promoTemplate } from '../campaigns/test/campaign-test-kit.ts';
import { createFlow, sampleFlow } from '../flows/test/flow-test-kit.ts';

// Every resource a client reads with GET and saves with PUT. (The licence, the WhatsApp channel and the sandbox have
// no such pair: a licence is applied with POST from a key, the channel is read only.)

let t: ListeningTestApp;
let admin: string;

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await t.request({
    method,
    url,
    token: admin,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
};

type Answer = Record<string, unknown>;

interface Resource {
  read: string;
  write: string;
  /** The PUT body made of the GET answer, as a client that saves what it read sends it. */
  body: (answer: Answer) => unknown;
  /** What must read the same afterwards: everything, unless said here. */
  kept?: (answer: Answer) => unknown;
}
const resources: Record<string, Resource> = {};
const unchanged = (answer: Answer) => answer;

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SANDBOX_TEMPLATE_REVIEW_MS: '100' } });
  admin = await t.adminToken();
  expect((await api('PUT', '/api/app/settings', { settings: { 'webhooks.allowed_hosts': ['127.0.0.1'] } })).status).toBe(200);
  // The SMTP password is saved, so the read answers hasPassword: true.
  expect(
    (await api('PUT', '/api/email/settings', { settings: { host: 'smtp.example.com', user: 'mailer', password: 's3cret' } })).status,
  ).toBe(200);
  const hook = (await api('POST', '/api/outbound-webhooks', { url: 'http://127.0.0.1:9/hook', events: ['message.received'] })).json();
  const flow = await createFlow(t, admin, sampleFlow('Round trip'));
  const key = (await api('POST', '/api/keys', { name: 'Shop', scopes: ['send:text'] })).json();
  const template = await promoTemplate(t, admin, 'round_trip_promo');
  const campaign = await createCampaign(t, admin, { name: 'Round trip', templateId: template.id, components: promoComponents });
  const firstAdmin = (await api('GET', '/api/users')).json().users[0];
  expect(firstAdmin.email).toBeNull();

  Object.assign(resources, {
    'app settings': { read: '/api/app/settings', write: '/api/app/settings', body: unchanged },
    'email settings': { read: '/api/email/settings', write: '/api/email/settings', body: unchanged },
    'an email template': {
      read: '/api/email/templates',
      write: '/api/email/templates/test',
      body: (a: Answer) => ({ template: (a.templates as { name: string }[]).find((x) => x.name === 'test') }),
    },
    'an outbound webhook': {
      read: `/api/outbound-webhooks/${hook.webhook.id}`,
      write: `/api/outbound-webhooks/${hook.webhook.id}`,
      body: unchanged,
    },
    'a bot flow': {
      read: `/api/flows/${flow.id}`,
      write: `/api/flows/${flow.id}`,
      body: unchanged,
      // Every save of a flow is its next version (README "Bot flows"), the same content under a new number.
      kept: ({ metadata, updatedAt, ...content }: Answer) => content,
    },
    "a bot flow's triggers": { read: `/api/flows/${flow.id}`, write: `/api/flows/${flow.id}/triggers`, body: (a: Answer) => a.triggers },
    'an API key': { read: `/api/keys/${key.key.id}`, write: `/api/keys/${key.key.id}`, body: unchanged },
    'a user without an email': {
      read: '/api/users',
      write: `/api/users/${firstAdmin.id}`,
      body: (a: Answer) => (a.users as { id: number }[]).find((u) => u.id === firstAdmin.id),
    },
    'a message template': {
      read: `/api/templates/${template.id}`,
      write: `/api/templates/${template.id}`,
      body: (a: Answer) => a.template,
    },
    'a campaign draft': {
      read: `/api/campaign/campaigns/${campaign._id}`,
      write: `/api/campaign/campaigns/${campaign._id}`,
      body: (a: Answer) => a.campaign,
    },
  });
}, 60_000);
afterAll(() => t.close());

describe('saving back what was read', () => {
  it.each([
    'app settings',
    'email settings',
    'an email template',
    'an outbound webhook',
    'a bot flow',
    "a bot flow's triggers",
    'an API key',
    'a user without an email',
    'a message template',
    'a campaign draft',
  ])('%s: the PUT of the GET answers 2xx and changes nothing', async (name) => {
    const resource = resources[name] as Resource;
    const before = await api('GET', resource.read);
    expect(before.status).toBe(200);
    const saved = await api('PUT', resource.write, resource.body(before.json()));
    expect(saved.status, saved.body).toBeGreaterThanOrEqual(200);
    expect(saved.status, saved.body).toBeLessThan(300);
    const kept = resource.kept ?? unchanged;
    expect(kept((await api('GET', resource.read)).json())).toEqual(kept(before.json()));
  });
});
