import type { ChatMessage } from '@wac/contract/chat';
import { checkSendComponents, renderTemplate } from '@wac/contract/template-parameters';
import { issueText } from '@wac/contract/template-rules';
import type { MediaReference, SendComponent, sendTemplateBodySchema, Template, TemplateCategory } from '@wac/contract/templates';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { recipientOf, type Sender, type TemplateToSend } from '../messaging/index.ts';
import type { TemplateDeps, TemplatePartsDeps } from './template-deps.ts';
import { metaMediaIdOf } from './template-uploads.ts';
import { toTemplate } from './template-view.ts';
import { type TemplateUploadRow, templateByNameAndLanguage, uploadById } from './templates.repository.ts';

type SendTemplateInput = z.output<typeof sendTemplateBodySchema>;
type MediaKind = 'image' | 'video' | 'document';

const why: Partial<Record<Template['status'], string>> = {
  PAUSED: 'is paused',
  DISABLED: 'is disabled',
  PENDING: 'is waiting for Meta’s review',
  REJECTED: 'was rejected by Meta',
  IN_APPEAL: 'is in appeal',
};

/** Only APPROVED templates go out; a paused or disabled one is refused by name before anything reaches Meta. */
export function assertSendable(template: Template): void {
  if (template.status !== 'APPROVED') {
    const reason = why[template.status] ?? `is ${template.status.toLowerCase().replace(/_/g, ' ')}`;
    throw badRequest(`Template ${template.name} ${reason} and cannot be sent`, [{ field: 'template_name', message: reason }]);
  }
  if (!template.supported) {
    throw badRequest(`Template ${template.name} uses parts this console does not support and cannot be sent from here`);
  }
}

const mediaOf = (component: SendComponent) => {
  const parameter = component.type === 'header' ? component.parameters[0] : undefined;
  if (parameter?.type !== 'image' && parameter?.type !== 'video' && parameter?.type !== 'document') return null;
  const reference: MediaReference =
    parameter.type === 'image' ? parameter.image : parameter.type === 'video' ? parameter.video : parameter.document;
  return { kind: parameter.type as MediaKind, reference };
};

/** Our uploads named in media headers, looked up (and their format checked) before the message is stored. */
export async function uploadsOf(deps: TemplatePartsDeps, components: SendComponent[]): Promise<Map<string, TemplateUploadRow>> {
  const found = new Map<string, TemplateUploadRow>();
  for (const [k, component] of components.entries()) {
    const media = mediaOf(component);
    const uploadId = media?.reference.uploadId;
    if (!media || !uploadId) continue;
    const field = `components[${k}].parameters[0].${media.kind}.uploadId`;
    const upload = await uploadById(deps.db, uploadId);
    if (!upload) throw badRequest(`${field}: no upload ${uploadId}; upload the file with POST /api/templates/upload-file`);
    if (upload.format !== media.kind.toUpperCase())
      throw badRequest(`${field}: the upload is a ${upload.format.toLowerCase()}, not a ${media.kind}`);
    found.set(uploadId, upload);
  }
  return found;
}

/** The components as Meta takes them: our uploads become Meta media ids. */
export async function graphComponents(deps: TemplatePartsDeps, components: SendComponent[], uploads: Map<string, TemplateUploadRow>) {
  return Promise.all(
    components.map(async (component) => {
      const media = mediaOf(component);
      if (component.type === 'button') return { ...component, index: String(component.index) };
      if (!media?.reference.uploadId) return component;
      const { uploadId, ...reference } = media.reference;
      const upload = uploads.get(uploadId) as TemplateUploadRow;
      const id = await metaMediaIdOf(deps, upload);
      const filename = media.kind === 'document' ? (reference.filename ?? upload.filename) : undefined;
      return { type: 'header', parameters: [{ type: media.kind, [media.kind]: { id, ...(filename ? { filename } : {}) } }] };
    }),
  );
}

/**
 * The template as messaging sends it. Our uploads become Meta media ids only as it goes, not in what the message
 * stores: Meta keeps media about 30 days, so a retry re-resolves the upload (reusing or renewing its Meta id).
 * A link or Meta media id the caller gave is stored and retried as given.
 */
export function templateToSend(
  deps: TemplatePartsDeps,
  sent: { name: string; language: string; category: TemplateCategory; components: SendComponent[] },
  uploads: Map<string, TemplateUploadRow>,
): TemplateToSend {
  return {
    name: sent.name,
    language: sent.language,
    category: sent.category,
    graphComponents: () => graphComponents(deps, sent.components, uploads),
  };
}

/** What the chat stores of a template message: the text the customer reads, and the parameters to send it again. */
export function templateMessageContent(template: Template, components: SendComponent[]): MessageContent {
  const rendered = renderTemplate(template, components);
  return {
    text: rendered.body,
    template: {
      name: template.name,
      language: template.language,
      ...(rendered.header?.text ? { header: rendered.header.text } : {}),
      ...(rendered.footer ? { footer: rendered.footer } : {}),
      ...(rendered.buttons.length ? { buttons: rendered.buttons.map((b) => b.text) } : {}),
      components,
    },
  };
}

/**
 * POST /api/send-template (an agent, or an API key): an approved template to any number, inside or outside the
 * 24-hour window. The parameters are checked against the template, the message is stored (counted against the daily
 * messages quota) in the recipient's conversation with its rendered text, and then sent. Whoever holds the
 * conversation keeps it.
 */
export async function sendTemplate(deps: TemplateDeps, sender: Sender, input: SendTemplateInput): Promise<ChatMessage> {
  const recipient = recipientOf(input.phone, input.recipientName, 'phone');
  const row = await templateByNameAndLanguage(deps.db, input.template_name, input.language_code);
  if (!row) {
    throw badRequest(`template_name: there is no template ${input.template_name} in ${input.language_code}`, [
      { field: 'template_name', message: 'not found in this language' },
    ]);
  }
  const template = toTemplate(row, null);
  assertSendable(template);
  const issues = checkSendComponents(template, input.components);
  if (issues[0]) throw badRequest(issueText(issues[0]), issues);
  const uploads = await uploadsOf(deps, input.components);

  return deps.messaging.sendTemplate(sender, {
    ...templateToSend(
      deps,
      { name: template.name, language: template.language, category: template.category, components: input.components },
      uploads,
    ),
    recipient,
    from: input.from,
    content: templateMessageContent(template, input.components),
  });
}
