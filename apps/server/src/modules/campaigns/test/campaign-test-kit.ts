import type { Campaign, CampaignCounts } from '@wac/contract/campaigns';
import type { Template, TemplateDraft } from '@wac/contract/templates';
import type { TestApp } from '../../../../test/test-app.ts';
import type { ListeningTestApp } from '../../../whatsapp/test/listening-test-app.ts';
import { approvedTemplate, orderDraft } from '../../templates/test/template-test-kit.ts';

/** A template whose body takes a name and a code: what campaigns here send. */
export const promoDraft = (name: string): TemplateDraft =>
  orderDraft(name, {
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Hi {{1}}, your code is {{2}}.', example: { body_text: [['Ann', 'SAVE10']] } }],
  });

export const promoTemplate = (t: TestApp, token: string, name: string): Promise<Template> => approvedTemplate(t, token, promoDraft(name));

/** Its parameters, filled per recipient from their name and their `code` variable. */
export const promoComponents = [
  {
    type: 'body',
    parameters: [
      { type: 'text', text: '{{name}}' },
      { type: 'text', text: '{{code}}' },
    ],
  },
];

export async function createCampaign(t: TestApp, token: string, body: Record<string, unknown>): Promise<Campaign> {
  const res = await t.request({ method: 'POST', url: '/api/campaign/campaigns', token, payload: body });
  if (res.statusCode !== 201) throw new Error(`create campaign failed: ${res.statusCode} ${res.body}`);
  return res.json().campaign as Campaign;
}

export const campaignAction = (t: TestApp, token: string, id: string, action: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/campaign/campaigns/${id}/${action}`, token, payload });

/** POST /contacts/upload with a CSV (and a mapping when given), over real HTTP. */
export async function uploadContactsCsv(t: ListeningTestApp, token: string, id: string, csv: string | Buffer, mapping?: unknown) {
  const form = new FormData();
  form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'contacts.csv');
  if (mapping !== undefined) form.append('mapping', JSON.stringify(mapping));
  const res = await fetch(`${t.baseUrl}/api/campaign/campaigns/${id}/contacts/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A promo campaign with `contacts` added through the API: what dispatch tests start. */
export async function campaignWithContacts(
  t: TestApp,
  token: string,
  fields: Record<string, unknown>,
  contacts: readonly Record<string, unknown>[],
): Promise<Campaign> {
  const campaign = await createCampaign(t, token, { components: promoComponents, ...fields });
  const res = await t.request({ method: 'POST', url: `/api/campaign/campaigns/${campaign._id}/contacts`, token, payload: { contacts } });
  if (res.statusCode !== 200) throw new Error(`adding contacts failed: ${res.statusCode} ${res.body}`);
  return campaign;
}

export interface CampaignStatusAnswer {
  status: Campaign['status'];
  statusReason: string | null;
  counts: CampaignCounts;
}

export const campaignStatus = async (t: TestApp, token: string, id: string) =>
  (await t.request({ method: 'GET', url: `/api/campaign/campaigns/${id}/status`, token })).json() as CampaignStatusAnswer;
