import { templateSlots } from '@wac/contract/template-parameters';
import type { SendComponent, SendParameter } from '@wac/contract/templates';
import { type SendableTemplate, sendComponentsFor, sendIssuesOf } from '../../../../lib/template-send-components';

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

/** The campaign's components, in Meta's send shape, for the values filled in. */
export function toComponents(template: SendableTemplate, values: ParameterValues): SendComponent[] {
  const link = values.header.trim();
  return sendComponentsFor(template, {
    headerText: values.header,
    headerMedia: link ? { link } : {},
    body: values.body,
    buttons: values.buttons,
  });
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
export function fromComponents(template: SendableTemplate, components: readonly SendComponent[]): ParameterValues {
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

/** What Meta would refuse in the values, by form field, as the server checks them when the campaign is saved. */
export const parameterIssues = (template: SendableTemplate, components: readonly SendComponent[]) =>
  sendIssuesOf(template, components, 'give a public link to the file');
