import { checkSendComponents, templateSlots } from '@wac/contract/template-parameters';
import type { MediaReference, SendComponent, SendParameter, Template } from '@wac/contract/templates';

/**
 * What a campaign sends in its template's variables: texts that may hold {{name}}, {{phone}} or {{column}}
 * placeholders filled per recipient, and the header's media as a public link (the same file for everyone).
 */
export interface ParameterValues {
  /** A text header's value, or a media header's link. */
  header: string;
  /** By variable as written: '1', 'first_name'. */
  body: Record<string, string>;
  /** By the button's position among the template's buttons. */
  buttons: Record<number, string>;
}

export const noParameterValues = (): ParameterValues => ({ header: '', body: {}, buttons: {} });

type CampaignTemplate = Pick<Template, 'components' | 'category'>;

const isNumbered = (variable: string) => /^\d+$/.test(variable);

function text(value: string, variable: string, named: boolean): SendParameter {
  return { type: 'text', text: value, ...(named ? { parameter_name: variable } : {}) };
}

function media(format: 'IMAGE' | 'VIDEO' | 'DOCUMENT', link: string): SendParameter {
  const reference: MediaReference = link.trim() ? { link: link.trim() } : {};
  if (format === 'IMAGE') return { type: 'image', image: reference };
  if (format === 'VIDEO') return { type: 'video', video: reference };
  return { type: 'document', document: reference };
}

/** The campaign's components, in Meta's send shape, for the values filled in. */
export function toComponents(template: CampaignTemplate, values: ParameterValues): SendComponent[] {
  const slots = templateSlots(template.components, template.category);
  const components: SendComponent[] = [];
  if (slots.header) {
    const parameter =
      slots.header.kind === 'text'
        ? text(values.header, slots.header.variable, !isNumbered(slots.header.variable))
        : media(slots.header.format, values.header);
    components.push({ type: 'header', parameters: [parameter] });
  }
  if (slots.body.length > 0) {
    const named = !slots.body.every(isNumbered);
    components.push({ type: 'body', parameters: slots.body.map((v) => text(values.body[v] ?? '', v, named)) });
  }
  for (const slot of slots.buttons) {
    // An authentication template's code button carries the code of its body.
    const value = template.category === 'AUTHENTICATION' ? (values.body['1'] ?? '') : (values.buttons[slot.index] ?? '');
    const parameter: SendParameter =
      slot.parameter === 'coupon_code' ? { type: 'coupon_code', coupon_code: value } : { type: 'text', text: value };
    components.push({ type: 'button', sub_type: slot.subType, index: slot.index, parameters: [parameter] });
  }
  return components;
}

function parameterValue(parameter: SendParameter | undefined): string {
  if (!parameter) return '';
  if (parameter.type === 'text') return parameter.text;
  if (parameter.type === 'coupon_code') return parameter.coupon_code;
  if (parameter.type === 'payload') return parameter.payload;
  const reference = parameter.type === 'image' ? parameter.image : parameter.type === 'video' ? parameter.video : parameter.document;
  return reference.link ?? '';
}

/** A saved campaign's components back into the form's values, to edit them. */
export function fromComponents(template: CampaignTemplate, components: readonly SendComponent[]): ParameterValues {
  const variables = templateSlots(template.components, template.category).body;
  const values = noParameterValues();
  for (const component of components) {
    if (component.type === 'header') values.header = parameterValue(component.parameters[0]);
    else if (component.type === 'button') values.buttons[component.index] = parameterValue(component.parameters[0]);
    else
      component.parameters.forEach((p, i) => {
        const variable = (p.type === 'text' && p.parameter_name) || variables[i];
        if (variable !== undefined) values.body[variable] = parameterValue(p);
      });
  }
  return values;
}

/** The form field an issue of checkSendComponents is about: 'header', 'body.1', 'button.0', or 'form'. */
function fieldOf(path: string, components: readonly SendComponent[], variables: string[]): string {
  const match = /^components\[(\d+)\](?:\.parameters\[(\d+)\])?/.exec(path);
  const component = match ? components[Number(match[1])] : undefined;
  if (!component) return 'form';
  if (component.type === 'header') return 'header';
  if (component.type === 'button') return `button.${component.index}`;
  const variable = match?.[2] === undefined ? undefined : variables[Number(match[2])];
  return variable === undefined ? 'form' : `body.${variable}`;
}

/** What Meta would refuse in the values, by form field, as the server checks them when the campaign is saved. */
export function parameterIssues(template: CampaignTemplate, components: readonly SendComponent[]): Map<string, string> {
  const variables = templateSlots(template.components, template.category).body;
  const issues = new Map<string, string>();
  for (const issue of checkSendComponents(template, components)) {
    const field = fieldOf(issue.field, components, variables);
    const message = /exactly one of link, id or uploadId/.test(issue.message) ? 'give a public link to the file' : issue.message;
    if (!issues.has(field)) issues.set(field, message);
  }
  return issues;
}
