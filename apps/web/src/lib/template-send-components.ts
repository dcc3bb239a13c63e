import { checkSendComponents, templateSlots } from '@wac/contract/template-parameters';
import type { MediaReference, SendComponent, SendParameter, Template } from '@wac/contract/templates';

/** A template as its send components need it. */
export type SendableTemplate = Pick<Template, 'components' | 'category'>;

/** What a form filled in for a template's variables, whichever form it is (the send page, a campaign). */
export interface SendInputs {
  headerText: string;
  /** The file a media header shows: an upload, a link, or nothing yet. */
  headerMedia: MediaReference;
  /** By variable as written: '1', 'first_name'. */
  body: Record<string, string>;
  /** By the button's position among the template's buttons. */
  buttons: Record<number, string>;
}

const isNumbered = (variable: string) => /^\d+$/.test(variable);

function textParameter(value: string, variable: string, named: boolean): SendParameter {
  return { type: 'text', text: value, ...(named ? { parameter_name: variable } : {}) };
}

function mediaParameter(format: 'IMAGE' | 'VIDEO' | 'DOCUMENT', reference: MediaReference): SendParameter {
  if (format === 'IMAGE') return { type: 'image', image: reference };
  if (format === 'VIDEO') return { type: 'video', video: reference };
  return { type: 'document', document: reference };
}

/** The components of a template send (POST /api/send-template, a campaign), in Meta's shape, for the values filled in. */
export function sendComponentsFor(template: SendableTemplate, inputs: SendInputs): SendComponent[] {
  const slots = templateSlots(template.components, template.category);
  const components: SendComponent[] = [];
  if (slots.header) {
    const parameter =
      slots.header.kind === 'text'
        ? textParameter(inputs.headerText, slots.header.variable, !isNumbered(slots.header.variable))
        : mediaParameter(slots.header.format, inputs.headerMedia);
    components.push({ type: 'header', parameters: [parameter] });
  }
  if (slots.body.length > 0) {
    const named = !slots.body.every(isNumbered);
    components.push({ type: 'body', parameters: slots.body.map((v) => textParameter(inputs.body[v] ?? '', v, named)) });
  }
  for (const slot of slots.buttons) {
    // An authentication template's code button carries the code of its body.
    const value = template.category === 'AUTHENTICATION' ? (inputs.body['1'] ?? '') : (inputs.buttons[slot.index] ?? '');
    const parameter: SendParameter =
      slot.parameter === 'coupon_code' ? { type: 'coupon_code', coupon_code: value } : { type: 'text', text: value };
    components.push({ type: 'button', sub_type: slot.subType, index: slot.index, parameters: [parameter] });
  }
  return components;
}

/** The form field an issue of checkSendComponents is about: 'header', 'body.1', 'button.0', or 'form' for the rest. */
function fieldOf(path: string, components: readonly SendComponent[], bodyVariables: string[]): string {
  const match = /^components\[(\d+)\](?:\.parameters\[(\d+)\])?/.exec(path);
  const component = match ? components[Number(match[1])] : undefined;
  if (!component) return 'form';
  if (component.type === 'header') return 'header';
  if (component.type === 'button') return `button.${component.index}`;
  const variable = match?.[2] === undefined ? undefined : bodyVariables[Number(match[2])];
  return variable === undefined ? 'form' : `body.${variable}`;
}

/**
 * What Meta would refuse in the values, by form field, as the server checks them (template-parameters.ts); a media
 * header with no file is asked for in the form's own words (`missingMedia`).
 */
export function sendIssuesOf(template: SendableTemplate, components: readonly SendComponent[], missingMedia: string): Map<string, string> {
  const bodyVariables = templateSlots(template.components, template.category).body;
  const byField = new Map<string, string>();
  for (const issue of checkSendComponents(template, components)) {
    const field = fieldOf(issue.field, components, bodyVariables);
    const message = /exactly one of link, id or uploadId/.test(issue.message) ? missingMedia : issue.message;
    if (!byField.has(field)) byField.set(field, message);
  }
  return byField;
}
