import { personalise, placeholdersOf, type testCampaignTemplateResponseSchema } from '@wac/contract/campaigns';
import { checkSendComponents, renderTemplate } from '@wac/contract/template-parameters';
import { issueText } from '@wac/contract/template-rules';
import type { SendComponent, Template } from '@wac/contract/templates';
import { isBsuid } from '@wac/contract/whatsapp-user-id';
import type { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { assertSendable, type TemplatesService } from '../templates/index.ts';

export interface TemplateReference {
  templateId?: number;
  templateName?: string;
  templateLanguage?: string;
}

/** The template a campaign names, by id or by name and language; a 400 naming the field when there is none. */
export async function findCampaignTemplate(templates: TemplatesService, ref: TemplateReference): Promise<Template> {
  if (ref.templateId !== undefined) {
    const found = await templates.get(ref.templateId).catch(() => null);
    if (!found) throw badRequest(`templateId: there is no template ${ref.templateId}`, [{ field: 'templateId', message: 'not found' }]);
    return found;
  }
  const found = ref.templateName && ref.templateLanguage ? await templates.find(ref.templateName, ref.templateLanguage) : null;
  if (!found) {
    throw badRequest(`templateName: there is no template ${ref.templateName} in ${ref.templateLanguage}`, [
      { field: 'templateName', message: 'not found in this language' },
    ]);
  }
  return found;
}

/**
 * A campaign's template must be approved at Meta and its parameters must fit it (their count and kinds; the
 * {{variable}} placeholders inside are filled per recipient and checked by the pre-flight).
 */
export function assertCampaignTemplate(template: Template, components: readonly SendComponent[]): void {
  assertSendable(template);
  const issues = checkSendComponents(template, components);
  if (issues[0]) throw badRequest(issueText(issues[0]), issues);
}

/** A recipient's own values for the placeholders: their name, phone and row variables. */
export function recipientValues(contact: {
  phone: string;
  name?: string | null;
  variables?: Record<string, string>;
}): Record<string, string> {
  return {
    ...contact.variables,
    ...(contact.name ? { name: contact.name } : {}),
    ...(contact.phone && !isBsuid(contact.phone) ? { phone: contact.phone } : {}),
  };
}

/** The parameters with one recipient's values in, as they would be sent, what the customer reads, and what is missing. */
export function personalisedTemplate(
  template: Template,
  components: readonly SendComponent[],
  values: Record<string, string>,
): z.infer<typeof testCampaignTemplateResponseSchema> {
  const processedComponents = personalise(components, values);
  const rendered = renderTemplate(template, processedComponents);
  return {
    processedComponents,
    rendered: {
      header: rendered.header?.text ?? null,
      body: rendered.body,
      footer: rendered.footer,
      buttons: rendered.buttons.map((b) => b.text),
    },
    missing: placeholdersOf(components).filter((key) => !values[key]),
  };
}
