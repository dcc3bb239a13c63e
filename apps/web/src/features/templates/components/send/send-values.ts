import { checkSendComponents, type TemplateSlots, templateSlots } from '@wac/contract/template-parameters';
import type { MediaReference, SendComponent, SendParameter, Template } from '@wac/contract/templates';

/** What a person fills in to send a template: each variable's value and the header media. */
export interface SendValues {
  headerText: string;
  /** A media header comes from an upload (POST /api/templates/upload-file) or from a public link. */
  mediaSource: 'upload' | 'link';
  uploadId: string;
  uploadName: string;
  mediaLink: string;
  /** By variable as written: '1', 'first_name'. */
  body: Record<string, string>;
  /** By the button's position among the template's buttons. */
  buttons: Record<number, string>;
}

export const emptySendValues = (): SendValues => ({
  headerText: '',
  mediaSource: 'upload',
  uploadId: '',
  uploadName: '',
  mediaLink: '',
  body: {},
  buttons: {},
});

type SendableTemplate = Pick<Template, 'components' | 'category'>;

function mediaParameter(format: 'IMAGE' | 'VIDEO' | 'DOCUMENT', values: SendValues): SendParameter {
  const reference: MediaReference =
    values.mediaSource === 'upload'
      ? values.uploadId
        ? { uploadId: values.uploadId }
        : {}
      : values.mediaLink.trim()
        ? { link: values.mediaLink.trim() }
        : {};
  if (format === 'IMAGE') return { type: 'image', image: reference };
  if (format === 'VIDEO') return { type: 'video', video: reference };
  return { type: 'document', document: reference };
}

function headerComponent(slot: TemplateSlots['header'], values: SendValues): SendComponent | null {
  if (!slot) return null;
  if (slot.kind === 'media') return { type: 'header', parameters: [mediaParameter(slot.format, values)] };
  const named = !/^\d+$/.test(slot.variable);
  return { type: 'header', parameters: [{ type: 'text', text: values.headerText, ...(named ? { parameter_name: slot.variable } : {}) }] };
}

/** The components of POST /api/send-template, in Meta's shape, for the values filled in. */
export function toSendComponents(template: SendableTemplate, values: SendValues): SendComponent[] {
  const slots = templateSlots(template.components, template.category);
  const components: SendComponent[] = [];
  const header = headerComponent(slots.header, values);
  if (header) components.push(header);
  if (slots.body.length > 0) {
    const named = slots.body.some((v) => !/^\d+$/.test(v));
    components.push({
      type: 'body',
      parameters: slots.body.map((v) => ({ type: 'text', text: values.body[v] ?? '', ...(named ? { parameter_name: v } : {}) })),
    });
  }
  for (const slot of slots.buttons) {
    // An authentication template's copy button carries the code of its body.
    const value = template.category === 'AUTHENTICATION' ? (values.body['1'] ?? '') : (values.buttons[slot.index] ?? '');
    components.push({
      type: 'button',
      sub_type: slot.subType,
      index: slot.index,
      parameters: [slot.parameter === 'coupon_code' ? { type: 'coupon_code', coupon_code: value } : { type: 'text', text: value }],
    });
  }
  return components;
}

/** For the preview: a value not filled in yet shows as its variable, as in the editor. */
export function withPlaceholders(template: SendableTemplate, values: SendValues): SendValues {
  const slots = templateSlots(template.components, template.category);
  const headerText = values.headerText || (slots.header?.kind === 'text' ? `{{${slots.header.variable}}}` : '');
  const body = Object.fromEntries(slots.body.map((v) => [v, values.body[v] || `{{${v}}}`]));
  return { ...values, headerText, body };
}

/** The form field a send issue is about: 'header', 'body.1', 'button.0', or 'form' for the rest. */
function sendFieldOf(field: string, components: readonly SendComponent[], bodyVariables: string[]): string {
  const match = /^components\[(\d+)\](?:\.parameters\[(\d+)\])?/.exec(field);
  const component = match ? components[Number(match[1])] : undefined;
  if (!component) return 'form';
  if (component.type === 'header') return 'header';
  if (component.type === 'button') return `button.${component.index}`;
  const variable = match?.[2] !== undefined ? bodyVariables[Number(match[2])] : undefined;
  return variable !== undefined ? `body.${variable}` : 'form';
}

/**
 * What must change before the template can be sent, by form field, as the server would say it
 * (template-parameters.ts checks the same rules); a media header with no file or link is asked for plainly.
 */
export function sendIssuesByField(template: SendableTemplate, components: readonly SendComponent[]): Map<string, string> {
  const bodyVariables = templateSlots(template.components, template.category).body;
  const byField = new Map<string, string>();
  for (const issue of checkSendComponents(template, components)) {
    const key = sendFieldOf(issue.field, components, bodyVariables);
    const message = /exactly one of link, id or uploadId/.test(issue.message) ? 'upload a file or give a link to one' : issue.message;
    if (!byField.has(key)) byField.set(key, message);
  }
  return byField;
}
