import { sendComponentSchema } from '@wac/contract/templates';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import { z } from 'zod';
import { conflict } from '../../http/app-error.ts';
import type { Resender, TemplateToSend } from '../messaging/index.ts';
import { assertSendable, templateToSend, uploadsOf } from './send-template.ts';
import type { TemplatePartsDeps } from './template-deps.ts';
import { toTemplate } from './template-view.ts';
import { templateByNameAndLanguage } from './templates.repository.ts';

const storedComponentsSchema = z.array(sendComponentSchema);

/**
 * A failed template message, ready to go again as it was first sent: no 24-hour window applies, but
 * the licence must still include templates. Answers what messaging sends once the retry is committed.
 */
async function templateResend(deps: TemplatePartsDeps, content: MessageContent): Promise<TemplateToSend> {
  await deps.license.requireFeature('templates');
  const stored = content.template;
  if (!stored?.components) throw conflict('This template message was sent before retries were possible; send the template again');
  // Meta would refuse a template paused or disabled since the first send: say so first, sending nothing.
  const row = await templateByNameAndLanguage(deps.db, stored.name, stored.language);
  if (!row) throw conflict(`The template ${stored.name} (${stored.language}) no longer exists; send another template`);
  const template = toTemplate(row, null);
  assertSendable(template);
  const sent = {
    name: stored.name,
    language: stored.language,
    category: template.category,
    components: storedComponentsSchema.parse(stored.components),
  };
  const uploads = await uploadsOf(deps, sent.components);
  return templateToSend(deps, sent, uploads);
}

/** How messaging's retry sends a failed template message again (given to messaging by the composition root). */
export function createTemplateResender(deps: TemplatePartsDeps): Resender {
  return (content) => templateResend(deps, content);
}
