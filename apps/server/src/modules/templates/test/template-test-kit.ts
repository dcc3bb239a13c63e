import type { Template, TemplateComponent, TemplateDraft } from '@wac/contract/templates';
import type { TestApp } from '../../../../test/test-app.ts';
import { templateStatusPayload } from '../../../whatsapp/sandbox/template-webhook-payloads.ts';
import { eventually, type ListeningTestApp, postWebhook } from '../../../whatsapp/test/listening-test-app.ts';

/** A utility template with a text header variable, two body variables, a footer and a URL button with a variable. */
export function orderDraft(name: string, over: Partial<TemplateDraft> = {}): TemplateDraft {
  const components: TemplateComponent[] = [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1001'] } },
    { type: 'BODY', text: 'Hi {{1}}, your order ships on {{2}}.', example: { body_text: [['Ann', 'Monday']] } },
    { type: 'FOOTER', text: 'Shop Ltd' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}', example: ['https://shop.example/track/1001'] },
        { type: 'QUICK_REPLY', text: 'Thanks' },
      ],
    },
  ];
  return { name, language: 'en_US', category: 'UTILITY', components, ...over };
}

/** The parameters orderDraft's template needs. */
export const orderParameters = [
  { type: 'header', parameters: [{ type: 'text', text: '#42' }] },
  {
    type: 'body',
    parameters: [
      { type: 'text', text: 'Nora' },
      { type: 'text', text: 'Friday' },
    ],
  },
  { type: 'button', sub_type: 'url', index: 0, parameters: [{ type: 'text', text: 'abc42' }] },
];

/** The smallest PNG: a header file Meta takes as an image. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A marketing template with an image header (sample `handle`), one body variable and a copy-code button. */
export function imageHeaderDraft(name: string, handle: string): TemplateDraft {
  const components: TemplateComponent[] = [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
    { type: 'BODY', text: 'Hello {{1}}, here is this week’s offer.', example: { body_text: [['Ann']] } },
    { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10' }] },
  ];
  return { ...orderDraft(name), category: 'MARKETING', components };
}

/** A multipart upload over HTTP; the answer is read whole so no connection is left waiting. */
export async function uploadFile(t: ListeningTestApp, path: string, token: string, file: { bytes: Buffer; type: string; name: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${t.baseUrl}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function createTemplate(t: TestApp, token: string, draft: TemplateDraft): Promise<Template> {
  const res = await t.request({ method: 'POST', url: '/api/templates', token, payload: draft });
  if (res.statusCode !== 201) throw new Error(`create template failed: ${res.statusCode} ${res.body}`);
  return res.json().template as Template;
}

export async function getTemplate(t: TestApp, token: string, id: number): Promise<Template> {
  const res = await t.request({ method: 'GET', url: `/api/templates/${id}`, token });
  if (res.statusCode !== 200) throw new Error(`get template failed: ${res.statusCode} ${res.body}`);
  return res.json().template as Template;
}

/** Waits for Meta's (the sandbox's) review to reach the server. */
export function reviewed(t: TestApp, token: string, id: number, status: Template['status'] = 'APPROVED'): Promise<Template> {
  return eventually(async () => {
    const template = await getTemplate(t, token, id);
    return template.status === status ? template : null;
  });
}

/** An approved template ready to send. */
export async function approvedTemplate(t: TestApp, token: string, draft: TemplateDraft): Promise<Template> {
  return reviewed(t, token, (await createTemplate(t, token, draft)).id);
}

/** Meta changes a template's status: a signed message_template_status_update webhook. */
export async function templateStatusWebhook(
  t: ListeningTestApp,
  template: Template,
  event: string,
  extra: { reason?: string; otherInfo?: { title: string; description: string } } = {},
) {
  const { businessAccountId, appSecret } = t.ctx.config.whatsapp;
  const payload = templateStatusPayload(businessAccountId, {
    templateId: template.metaId ?? '0',
    name: template.name,
    language: template.language,
    event,
    ...extra,
  });
  const res = await postWebhook(t.baseUrl, payload, { secret: appSecret });
  if (res.status !== 200) throw new Error(`webhook refused: ${res.status}`);
}

export const sendTemplateRequest = (t: TestApp, token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/send-template', token, payload });
