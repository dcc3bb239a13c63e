import type { Campaign, CampaignContact } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { createTemplate, reviewed } from '../templates/test/template-test-kit.ts';
import { campaignAction, createCampaign, promoComponents, promoDraft, promoTemplate, uploadContactsCsv } from './test/campaign-test-kit.ts';

let admin: string;
let agent: SeededUser;
const { t } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    agent = await addUser(app, { username: 'campaign-agent' });
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50', LICENSE_HMAC_SECRET: TEST_SECRET } },
);

let template: Template;
beforeAll(async () => {
  template = await promoTemplate(t, admin, 'winter_promo');
});

const draft = (over: Record<string, unknown> = {}) =>
  createCampaign(t, admin, { name: 'Winter sale', templateId: template.id, components: promoComponents, ...over });
const contactsOf = async (id: string, query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/campaign/campaigns/${id}/contacts${query}`, token: admin });
  return res.json() as { contacts: CampaignContact[]; pagination: { total: number } };
};

describe('campaign drafts', () => {
  it('creates a draft naming its template by id or by name and language, and lists and reads it', async () => {
    const byId = await draft({ description: 'For loyal customers' });
    expect(byId).toMatchObject({
      name: 'Winter sale',
      description: 'For loyal customers',
      status: 'draft',
      template: { id: template.id, name: 'winter_promo', language: 'en_US', category: 'MARKETING', status: 'APPROVED' },
      ratePerSecond: 80,
      counts: { total: 0 },
      actions: ['update', 'delete', 'edit-contacts', 'start', 'schedule'],
      createdBy: { username: 'admin' },
    });
    expect(byId._id).toMatch(/^\d+$/);
    const byName = await createCampaign(t, admin, {
      name: 'By name',
      templateName: 'winter_promo',
      templateLanguage: 'en_US',
      components: promoComponents,
      ratePerSecond: 500,
    });
    expect(byName.template.id).toBe(template.id);
    expect(byName.ratePerSecond).toBe(500);

    const list = await t.request({ method: 'GET', url: '/api/campaign/campaigns?search=by%20na', token: admin });
    expect(list.json().campaigns.map((c: Campaign) => c.name)).toEqual(['By name']);
    const one = await t.request({ method: 'GET', url: `/api/campaign/campaigns/${byId._id}`, token: admin });
    expect(one.json().campaign.name).toBe('Winter sale');
  });

  it('refuses bad input with a 400 naming the problem, and stores nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/campaign/campaigns?limit=100', token: admin })).json().pagination.total;
    const create = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/campaign/campaigns', token: admin, payload });

    expect((await create({ name: 'x', templateId: 999999, components: promoComponents })).json().error).toBe(
      'templateId: there is no template 999999',
    );
    expect((await create({ name: 'x', templateName: 'nope', templateLanguage: 'en_US' })).json().error).toBe(
      'templateName: there is no template nope in en_US',
    );
    expect((await create({ name: 'x' })).json().error).toMatch(
      /^Give the template as templateId, or as templateName with templateLanguage/,
    );
    expect((await create({ name: '', templateId: template.id })).json().error).toMatch(/^name is required/);
    expect((await create({ name: 'x', templateId: template.id, ratePerSecond: 5000 })).json().error).toMatch(
      /^ratePerSecond must be between 1 and 1000/,
    );
    const wrongCount = await create({
      name: 'x',
      templateId: template.id,
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'a' }] }],
    });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().error).toBe('components[0].parameters: the body needs 2 parameters, 1 given');

    // A template Meta rejected (the sandbox rejects names containing "reject").
    const rejected = await reviewed(t, admin, (await createTemplate(t, admin, promoDraft('promo_reject'))).id, 'REJECTED');
    const refused = await create({ name: 'x', templateId: rejected.id, components: promoComponents });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Template promo_reject was rejected by Meta and cannot be sent');

    const after = (await t.request({ method: 'GET', url: '/api/campaign/campaigns?limit=100', token: admin })).json().pagination.total;
    expect(after).toBe(before);
  });

  it('is for admins only, enforced by the server', async () => {
    const res = await t.request({ method: 'GET', url: '/api/campaign/campaigns', token: agent.token });
    expect(res.statusCode).toBe(403);
    const created = await t.request({
      method: 'POST',
      url: '/api/campaign/campaigns',
      token: agent.token,
      payload: { name: 'x', templateId: template.id },
    });
    expect(created.statusCode).toBe(403);
  });

  it('edits a draft, and a new template without parameters clears them', async () => {
    const campaign = await draft();
    const res = await t.request({
      method: 'PUT',
      url: `/api/campaign/campaigns/${campaign._id}`,
      token: admin,
      payload: { name: 'Winter sale (final)', ratePerSecond: 200 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().campaign).toMatchObject({ name: 'Winter sale (final)', ratePerSecond: 200, components: promoComponents });
  });
});

describe('campaign contacts', () => {
  it('adds JSON contacts in E.164, merges duplicates, reports each bad row, and keeps the good ones', async () => {
    const campaign = await draft();
    const res = await t.request({
      method: 'POST',
      url: `/api/campaign/campaigns/${campaign._id}/contacts`,
      token: admin,
      payload: {
        contacts: [
          { phone: '+44 7700 900001', name: 'Ann', variables: { code: 'A1' } },
          { phone: '447700900002', name: 'Ben', variables: { code: 'B2' } },
          { phone: '+447700900001', variables: { tier: 'gold' } },
          { phone: 'not a phone' },
          { name: 'No phone' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, updated: 0, merged: 1, errorCount: 2, total: 2 });
    expect(res.json().errors.map((e: { line: number }) => e.line)).toEqual([4, 5]);

    const { contacts } = await contactsOf(campaign._id);
    expect(contacts.map((c) => [c.phone, c.name, c.variables, c.status])).toEqual([
      ['+447700900001', 'Ann', { code: 'A1', tier: 'gold' }, 'pending'],
      ['+447700900002', 'Ben', { code: 'B2' }, 'pending'],
    ]);

    // The same phone again updates its row rather than adding another.
    const again = await t.request({
      method: 'POST',
      url: `/api/campaign/campaigns/${campaign._id}/contacts`,
      token: admin,
      payload: { contacts: [{ phone: '+447700900002', name: 'Benjamin' }] },
    });
    expect(again.json()).toMatchObject({ added: 0, updated: 1, total: 2 });
    expect((await contactsOf(campaign._id, '?search=benj')).contacts[0]?.variables).toEqual({ code: 'B2' });
  });

  it('uploads a CSV with a mapping, reporting bad rows by their line', async () => {
    const campaign = await draft();
    const csv = 'Mobile;Customer;Promo code\n+44 7700 900101;Cara;C3\n;Nobody;X\n+447700900102;Dan;D4\n12ab;Eve;E5\n';
    const res = await uploadContactsCsv(t, admin, campaign._id, csv, {
      phone: 'Mobile',
      name: 'Customer',
      variables: { code: 'Promo code' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 2, errorCount: 2, total: 2 });
    expect(res.body.errors).toEqual([
      { line: 3, reason: 'Phone is missing' },
      { line: 5, reason: '"12ab" is not a phone number or a WhatsApp user ID' },
    ]);
    const { contacts } = await contactsOf(campaign._id);
    expect(contacts.map((c) => [c.phone, c.name, c.variables])).toEqual([
      ['+447700900101', 'Cara', { code: 'C3' }],
      ['+447700900102', 'Dan', { code: 'D4' }],
    ]);
  });

  it('refuses a file that is not a CSV, a missing column, an empty file and a file over 20 MB, adding nothing', async () => {
    const campaign = await draft();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await uploadContactsCsv(t, admin, campaign._id, png)).body.error).toBe('The file is not a CSV file');
    expect((await uploadContactsCsv(t, admin, campaign._id, 'Name,City\nAnn,Leeds\n')).body.error).toBe(
      'No phone column found: map one of the columns to phone',
    );
    expect((await uploadContactsCsv(t, admin, campaign._id, 'Phone\n+447700900201\n', { phone: 'Mobile' })).body.error).toBe(
      'Column "Mobile" is not in the file',
    );
    expect((await uploadContactsCsv(t, admin, campaign._id, '')).body.error).toBe('The file is empty');
    const huge = await uploadContactsCsv(t, admin, campaign._id, `Phone\n${'+447700900201\n'.repeat(1_600_000)}`);
    expect(huge.status).toBe(400);
    expect(huge.body.error).toBe('The file is larger than 20 MB; split it into several uploads');
    expect((await contactsOf(campaign._id)).pagination.total).toBe(0);
  });

  it('previews the start of a CSV for the mapping step, with a suggested mapping', async () => {
    const preview = async (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
      const res = await fetch(`${t.baseUrl}/api/campaign/contacts/preview`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const small = await preview('Name,Mobile,Order No\nAnn,+447700900701,A-1\n');
    expect(small.body).toEqual({
      columns: ['Name', 'Mobile', 'Order No'],
      rows: [['Ann', '+447700900701', 'A-1']],
      suggested: { phone: 'Mobile', name: 'Name', variables: { order_no: 'Order No' } },
    });
    // Past 64 KB the file is cut, and the cut line is left out.
    const long = await preview(`Phone,Name\n${'+447700900702,Somebody with a long name\n'.repeat(3000)}`);
    expect(long.status).toBe(200);
    expect((long.body.rows as string[][]).every((row) => row.length === 2)).toBe(true);
    // No column looks like a phone: nothing is suggested, and the admin maps it by hand.
    expect((await preview('City,Tel no\nLeeds,+447700900703\n')).body).toMatchObject({ columns: ['City', 'Tel no'], suggested: null });
    expect((await preview('\u0000\u0001PK')).body.error).toBe('The file is not a CSV file');
  });

  it('removes one contact or all of them', async () => {
    const campaign = await draft();
    await t.request({
      method: 'POST',
      url: `/api/campaign/campaigns/${campaign._id}/contacts`,
      token: admin,
      payload: { contacts: [{ phone: '+447700900301' }, { phone: '+447700900302' }, { phone: '+447700900303' }] },
    });
    const [first] = (await contactsOf(campaign._id)).contacts;
    const one = await t.request({ method: 'DELETE', url: `/api/campaign/campaigns/${campaign._id}/contacts/${first?._id}`, token: admin });
    expect(one.statusCode).toBe(200);
    const gone = await t.request({ method: 'DELETE', url: `/api/campaign/campaigns/${campaign._id}/contacts/${first?._id}`, token: admin });
    expect(gone.statusCode).toBe(404);
    const all = await t.request({ method: 'DELETE', url: `/api/campaign/campaigns/${campaign._id}/contacts`, token: admin });
    expect(all.json()).toEqual({ deleted: 2 });
    expect((await contactsOf(campaign._id)).pagination.total).toBe(0);
  });
});

describe('campaign actions', () => {
  it('schedules in the future, cancels the schedule, and refuses a time in the past', async () => {
    const campaign = await draft();
    const past = await campaignAction(t, admin, campaign._id, 'schedule', { scheduleTime: '2020-01-01T09:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('scheduleTime must be in the future');

    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await campaignAction(t, admin, campaign._id, 'schedule', { scheduleTime: at });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduleTime: at });
    const cancelled = await campaignAction(t, admin, campaign._id, 'cancel-schedule');
    expect(cancelled.json()).toMatchObject({ status: 'draft', scheduleTime: null });
  });

  it('refuses an action illegal in the status with a 409 saying why, changing nothing', async () => {
    const campaign = await draft();
    const pause = await campaignAction(t, admin, campaign._id, 'pause');
    expect(pause.statusCode).toBe(409);
    expect(pause.json().error).toBe('A draft campaign cannot be paused: it has not started');
    expect((await campaignAction(t, admin, campaign._id, 'resume')).json().error).toBe(
      'A draft campaign cannot be resumed: start it instead',
    );
    expect((await campaignAction(t, admin, campaign._id, 'cancel-schedule')).json().error).toBe(
      'A draft campaign cannot be unscheduled: it is not scheduled',
    );
    expect((await campaignAction(t, admin, campaign._id, 'cancel')).json().error).toBe(
      'A draft campaign cannot be cancelled: delete it instead',
    );

    const at = new Date(Date.now() + 86_400_000).toISOString();
    await campaignAction(t, admin, campaign._id, 'schedule', { scheduleTime: at });
    const cancelled = await campaignAction(t, admin, campaign._id, 'cancel');
    expect(cancelled.json().status).toBe('cancelled');
    const edit = await t.request({ method: 'PUT', url: `/api/campaign/campaigns/${campaign._id}`, token: admin, payload: { name: 'x' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('A cancelled campaign cannot be edited: it has finished; duplicate it to send it again');
    const contacts = await t.request({
      method: 'POST',
      url: `/api/campaign/campaigns/${campaign._id}/contacts`,
      token: admin,
      payload: { contacts: [{ phone: '+447700900401' }] },
    });
    expect(contacts.statusCode).toBe(409);
    const status = await t.request({ method: 'GET', url: `/api/campaign/campaigns/${campaign._id}/status`, token: admin });
    expect(status.json()).toMatchObject({ status: 'cancelled', counts: { total: 0 }, actions: ['delete'] });
  });

  it('duplicates a campaign with its audience as a new draft, and deletes one', async () => {
    const campaign = await draft({ name: 'Spring sale' });
    await t.request({
      method: 'POST',
      url: `/api/campaign/campaigns/${campaign._id}/contacts`,
      token: admin,
      payload: { contacts: [{ phone: '+447700900501', name: 'Fay', variables: { code: 'F6' } }] },
    });
    const copy = await campaignAction(t, admin, campaign._id, 'duplicate');
    expect(copy.statusCode).toBe(201);
    expect(copy.json().campaign).toMatchObject({ name: 'Copy of Spring sale', status: 'draft', counts: { total: 1, pending: 1 } });
    const copied = await contactsOf(copy.json().campaign._id);
    expect(copied.contacts.map((c) => [c.phone, c.name, c.variables])).toEqual([['+447700900501', 'Fay', { code: 'F6' }]]);

    const removed = await t.request({ method: 'DELETE', url: `/api/campaign/campaigns/${campaign._id}`, token: admin });
    expect(removed.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/campaign/campaigns/${campaign._id}`, token: admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/campaign/campaigns/abc', token: admin })).statusCode).toBe(400);
  });
});

describe('campaign templates', () => {
  it('lists the approved templates and fills one contact into the parameters exactly as they would be sent', async () => {
    const list = await t.request({ method: 'GET', url: '/api/campaign/templates', token: admin });
    const names = list.json().templates.map((x: Template) => x.name);
    expect(names).toContain('winter_promo');
    expect(names).not.toContain('promo_reject');
    expect((await t.request({ method: 'GET', url: `/api/campaign/templates/${template.id}`, token: admin })).json().template.name).toBe(
      'winter_promo',
    );

    const test = await t.request({
      method: 'POST',
      url: '/api/campaign/templates/test',
      token: admin,
      payload: {
        templateId: template.id,
        components: promoComponents,
        contact: { phone: '+447700900601', name: 'Gus', variables: { code: 'G7' } },
      },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({
      processedComponents: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Gus' },
            { type: 'text', text: 'G7' },
          ],
        },
      ],
      rendered: { header: null, body: 'Hi Gus, your code is G7.', footer: null, buttons: [] },
      missing: [],
    });
    const missing = await t.request({
      method: 'POST',
      url: '/api/campaign/templates/test',
      token: admin,
      payload: {
        templateName: 'winter_promo',
        templateLanguage: 'en_US',
        components: promoComponents,
        contact: { phone: '+447700900602' },
      },
    });
    expect(missing.json().missing).toEqual(['name', 'code']);
    expect(missing.json().rendered.body).toBe('Hi {{name}}, your code is {{code}}.');
  });
});

// Last: these change the licence in force for the rest of the file.
describe('campaigns and the licence', () => {
  it('counts campaigns against their quota on create and duplicate, refusing past it with nothing stored', async () => {
    const total = async () =>
      (await t.request({ method: 'GET', url: '/api/campaign/campaigns', token: admin })).json().pagination.total as number;
    const used = await total();
    expect((await applyKey(t, mintKey({ plan: 'basic', quotas: { campaigns: used + 1 } }))).statusCode).toBe(200);
    const last = await draft({ name: 'The last one' });
    const refused = await t.request({
      method: 'POST',
      url: '/api/campaign/campaigns',
      token: admin,
      payload: { name: 'One too many', templateId: template.id, components: promoComponents },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', quotaType: 'campaigns' });
    expect((await campaignAction(t, admin, last._id, 'duplicate')).json().code).toBe('QUOTA_EXCEEDED');
    expect(await total()).toBe(used + 1);
  });

  it('is refused whole without the campaigns feature', async () => {
    await applyKey(t, mintKey({ plan: 'professional', features: { campaigns: false } }));
    const res = await t.request({ method: 'GET', url: '/api/campaign/campaigns', token: admin });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FEATURE_NOT_AVAILABLE');
  });
});

describe('API documentation', () => {
  it('shows the campaign and contacts bodies with examples, and the start and dry-run routes', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const bodyOf = (path: string) => paths[path].post.requestBody.content['application/json'];
    const create = bodyOf('/api/campaign/campaigns');
    expect(JSON.stringify(create)).toContain('"templateName":"spring_sale"');
    expect(JSON.stringify(bodyOf('/api/campaign/campaigns/{id}/contacts'))).toContain('+447700900123');
    expect(paths['/api/campaign/campaigns/{id}/start'].post.responses['402']).toBeDefined();
    expect(paths['/api/campaign/campaigns/{id}/preflight'].post.responses['200']).toBeDefined();
  });
});
