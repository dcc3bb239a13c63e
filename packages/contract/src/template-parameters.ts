import { distinctVariables, type TemplateIssue } from './template-rules.ts';
import {
  type MediaHeaderFormat,
  type MediaReference,
  type SendComponent,
  type SendParameter,
  type TemplateCategory,
  type TemplateComponent,
  templateLimits,
} from './templates.ts';

/** The fixed texts Meta writes for AUTHENTICATION templates. */
export const AUTHENTICATION_BODY = '*{{1}}* is your verification code.';
export const SECURITY_RECOMMENDATION = 'For your security, do not share this code.';
export const authenticationFooter = (minutes: number) => `This code expires in ${minutes} minutes.`;
export const COPY_CODE_LABEL = 'Copy offer code';
export const OTP_DEFAULT_LABEL = 'Copy code';

/** A button that takes a value at send time, at its position among the template's buttons. */
export interface ButtonSlot {
  index: number;
  /** url: the variable at the end of a URL button (and an OTP's code); copy_code: the code to copy. */
  subType: 'url' | 'copy_code';
  parameter: 'text' | 'coupon_code';
}

/** What a send of a template has to fill in. */
export interface TemplateSlots {
  header: { kind: 'text'; variable: string } | { kind: 'media'; format: MediaHeaderFormat } | null;
  /** The body's variables in order: '1', '2'… or names. */
  body: string[];
  buttons: ButtonSlot[];
  /** The button positions that are quick replies (a payload may be given). */
  quickReplies: number[];
}

export function templateSlots(components: readonly TemplateComponent[], category: TemplateCategory): TemplateSlots {
  const slots: TemplateSlots = { header: null, body: [], buttons: [], quickReplies: [] };
  for (const component of components) {
    if (component.type === 'HEADER') {
      if (component.format !== 'TEXT') slots.header = { kind: 'media', format: component.format };
      else {
        const [variable] = distinctVariables(component.text);
        if (variable !== undefined) slots.header = { kind: 'text', variable };
      }
    } else if (component.type === 'BODY') {
      slots.body = category === 'AUTHENTICATION' ? ['1'] : distinctVariables(component.text);
    } else if (component.type === 'BUTTONS') {
      component.buttons.forEach((button, index) => {
        if (button.type === 'QUICK_REPLY') slots.quickReplies.push(index);
        else if (button.type === 'OTP') slots.buttons.push({ index, subType: 'url', parameter: 'text' });
        else if (button.type === 'COPY_CODE') slots.buttons.push({ index, subType: 'copy_code', parameter: 'coupon_code' });
        else if (button.type === 'URL' && distinctVariables(button.url).length > 0) {
          slots.buttons.push({ index, subType: 'url', parameter: 'text' });
        }
      });
    }
  }
  return slots;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function textValueIssue(text: string, field: string): TemplateIssue | null {
  if (text.trim().length === 0) return { field, message: 'must not be empty' };
  if (text.length > templateLimits.parameterMaxLength) {
    return { field, message: `must be at most ${templateLimits.parameterMaxLength} characters` };
  }
  if (/[\n\t]| {5,}/.test(text)) return { field, message: 'must not contain new lines, tabs or more than 4 consecutive spaces' };
  return null;
}

function mediaReferenceIssue(reference: MediaReference, field: string): TemplateIssue | null {
  const given = [reference.link, reference.id, reference.uploadId].filter((v) => v !== undefined).length;
  if (given !== 1) return { field, message: 'give exactly one of link, id or uploadId' };
  if (reference.link && !/^https?:\/\//i.test(reference.link)) return { field: `${field}.link`, message: 'link must be an http(s) URL' };
  return null;
}

function headerIssues(slot: TemplateSlots['header'], sent: SendComponent | undefined, at: string, issues: TemplateIssue[]): void {
  if (!slot) {
    if (sent && sent.parameters.length > 0)
      issues.push({ field: `${at}.parameters`, message: 'the template’s header takes no parameters' });
    return;
  }
  const parameter = sent?.parameters[0];
  const field = `${at}.parameters[0]`;
  if (slot.kind === 'text') {
    if (parameter?.type !== 'text') {
      issues.push({ field: sent ? field : 'components', message: `the header needs 1 text parameter ({{${slot.variable}}})` });
      return;
    }
    const issue = textValueIssue(parameter.text, `${field}.text`);
    if (issue) issues.push(issue);
    return;
  }
  const kind = slot.format.toLowerCase() as 'image' | 'video' | 'document';
  if (!parameter) {
    issues.push({
      field: sent ? field : 'components',
      message: `the header needs ${kind === 'image' ? 'an' : 'a'} ${kind} (${slot.format} header)`,
    });
    return;
  }
  if (parameter.type !== kind) {
    issues.push({
      field: `${field}.type`,
      message: `the header is ${slot.format}: give ${kind === 'image' ? 'an' : 'a'} ${kind}, not ${parameter.type}`,
    });
    return;
  }
  const reference = (parameter as Record<string, unknown>)[kind] as MediaReference;
  const issue = mediaReferenceIssue(reference, `${field}.${kind}`);
  if (issue) issues.push(issue);
}

function bodyIssues(variables: string[], sent: SendComponent | undefined, at: string, issues: TemplateIssue[]): void {
  const parameters = sent?.parameters ?? [];
  if (parameters.length !== variables.length) {
    issues.push({
      field: sent ? `${at}.parameters` : 'components',
      message: `the body needs ${plural(variables.length, 'parameter')}, ${parameters.length} given`,
    });
    return;
  }
  const named = variables.some((v) => !/^\d+$/.test(v));
  parameters.forEach((parameter, p) => {
    const field = `${at}.parameters[${p}]`;
    if (parameter.type !== 'text') {
      issues.push({ field: `${field}.type`, message: `body parameters are text, not ${parameter.type}` });
      return;
    }
    if (named && !variables.includes(parameter.parameter_name ?? '')) {
      issues.push({ field: `${field}.parameter_name`, message: `parameter_name must be one of ${variables.join(', ')}` });
    }
    const issue = textValueIssue(parameter.text, `${field}.text`);
    if (issue) issues.push(issue);
  });
  if (named) {
    const given = new Set(parameters.map((p) => (p.type === 'text' ? p.parameter_name : undefined)));
    if (given.size !== parameters.length) issues.push({ field: `${at}.parameters`, message: 'each named variable may be given once' });
  }
}

function buttonParameterIssue(slot: ButtonSlot, sent: Extract<SendComponent, { type: 'button' }>, at: string): TemplateIssue | null {
  if (sent.sub_type !== slot.subType) return { field: `${at}.sub_type`, message: `button ${slot.index} takes sub_type ${slot.subType}` };
  const parameter = sent.parameters[0];
  const field = `${at}.parameters[0]`;
  if (sent.parameters.length !== 1 || parameter?.type !== slot.parameter) {
    return { field: `${at}.parameters`, message: `button ${slot.index} needs 1 ${slot.parameter} parameter` };
  }
  if (parameter.type === 'coupon_code') {
    if (parameter.coupon_code.trim().length === 0) return { field: `${field}.coupon_code`, message: 'must not be empty' };
    if (parameter.coupon_code.length > templateLimits.copyCodeExampleMaxLength) {
      return { field: `${field}.coupon_code`, message: `must be at most ${templateLimits.copyCodeExampleMaxLength} characters` };
    }
    return null;
  }
  return parameter.type === 'text' ? textValueIssue(parameter.text, `${field}.text`) : null;
}

/**
 * Checks the components of POST /api/send-template against the template's own: count and type of
 * the header, body and button parameters. Empty when Meta would accept them; fields name the request.
 */
export function checkSendComponents(
  template: { components: readonly TemplateComponent[]; category: TemplateCategory },
  sent: readonly SendComponent[],
): TemplateIssue[] {
  const slots = templateSlots(template.components, template.category);
  const issues: TemplateIssue[] = [];
  const seen = new Set<string>();
  sent.forEach((component, k) => {
    const key = component.type === 'button' ? `button ${component.index}` : component.type;
    if (seen.has(key)) issues.push({ field: `components[${k}]`, message: `${key} is given more than once` });
    seen.add(key);
  });
  const find = (type: SendComponent['type']) => {
    const k = sent.findIndex((c) => c.type === type);
    return { component: sent[k], at: `components[${k}]` };
  };
  const header = find('header');
  headerIssues(slots.header, header.component, header.at, issues);
  const body = find('body');
  bodyIssues(slots.body, body.component, body.at, issues);

  sent.forEach((component, k) => {
    if (component.type !== 'button') return;
    const at = `components[${k}]`;
    const slot = slots.buttons.find((s) => s.index === component.index);
    if (slot) {
      const issue = buttonParameterIssue(slot, component, at);
      if (issue) issues.push(issue);
    } else if (slots.quickReplies.includes(component.index) && component.sub_type === 'quick_reply') {
      if (component.parameters.some((p) => p.type !== 'payload')) {
        issues.push({ field: `${at}.parameters`, message: 'a quick reply takes a payload parameter' });
      }
    } else {
      issues.push({ field: `${at}.index`, message: `button ${component.index} of the template takes no parameters` });
    }
  });
  for (const slot of slots.buttons) {
    if (!sent.some((c) => c.type === 'button' && c.index === slot.index)) {
      issues.push({ field: 'components', message: `button ${slot.index} needs 1 ${slot.parameter} parameter (sub_type ${slot.subType})` });
    }
  }
  return issues;
}

/** Puts values in for the variables; a variable without a value stays as {{name}}. */
export function fillVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export interface RenderedTemplate {
  header: { format: 'TEXT' | MediaHeaderFormat; text: string | null } | null;
  body: string;
  footer: string | null;
  buttons: { type: string; text: string }[];
}

function valuesOf(variables: string[], parameters: readonly SendParameter[] | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  parameters?.forEach((parameter, i) => {
    if (parameter.type !== 'text') return;
    const key = parameter.parameter_name ?? variables[i];
    if (key !== undefined) values[key] = parameter.text;
  });
  return values;
}

function exampleValues(component: TemplateComponent): Record<string, string> {
  if (component.type === 'HEADER') {
    const [variable] = distinctVariables(component.text);
    const named = component.example?.header_text_named_params;
    if (named) return Object.fromEntries(named.map((n) => [n.param_name, n.example]));
    const example = component.example?.header_text?.[0];
    return variable !== undefined && example ? { [variable]: example } : {};
  }
  if (component.type === 'BODY') {
    const named = component.example?.body_text_named_params;
    if (named) return Object.fromEntries(named.map((n) => [n.param_name, n.example]));
    const examples = component.example?.body_text?.[0] ?? [];
    return Object.fromEntries(distinctVariables(component.text).flatMap((v, i) => (examples[i] ? [[v, examples[i]]] : [])));
  }
  return {};
}

/**
 * The template as the customer reads it: with the sent values, or (without `sent`) with the
 * template's examples, for previews. Variables without a value stay visible as {{name}}.
 */
export function renderTemplate(
  template: { components: readonly TemplateComponent[]; category: TemplateCategory },
  sent?: readonly SendComponent[],
): RenderedTemplate {
  const rendered: RenderedTemplate = { header: null, body: '', footer: null, buttons: [] };
  const sentOf = (type: SendComponent['type']) => sent?.find((c) => c.type === type)?.parameters;
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      const variables = distinctVariables(component.text);
      const values = sent ? valuesOf(variables, sentOf('header')) : exampleValues(component);
      rendered.header = {
        format: component.format,
        text: component.format === 'TEXT' ? fillVariables(component.text ?? '', values) : null,
      };
    } else if (component.type === 'BODY') {
      if (template.category === 'AUTHENTICATION') {
        const code = sent ? valuesOf(['1'], sentOf('body'))['1'] : undefined;
        const text = fillVariables(AUTHENTICATION_BODY, code ? { 1: code } : {});
        rendered.body = component.add_security_recommendation ? `${text} ${SECURITY_RECOMMENDATION}` : text;
      } else {
        const variables = distinctVariables(component.text);
        rendered.body = fillVariables(component.text ?? '', sent ? valuesOf(variables, sentOf('body')) : exampleValues(component));
      }
    } else if (component.type === 'FOOTER') {
      rendered.footer =
        component.code_expiration_minutes !== undefined
          ? authenticationFooter(component.code_expiration_minutes)
          : (component.text ?? null);
    } else {
      rendered.buttons = component.buttons.map((button) => {
        if (button.type === 'COPY_CODE') return { type: button.type, text: COPY_CODE_LABEL };
        if (button.type === 'OTP') return { type: button.type, text: button.text || OTP_DEFAULT_LABEL };
        return { type: button.type, text: button.text };
      });
    }
  }
  return rendered;
}
