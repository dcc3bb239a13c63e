import { isTemplateLanguage } from './template-languages.ts';
import {
  type BodyComponent,
  type ButtonsComponent,
  type FooterComponent,
  type HeaderComponent,
  templateLimits as limits,
  type ParameterFormat,
  type TemplateButton,
  type TemplateCategory,
  type TemplateComponent,
  type TemplateDraft,
} from './templates.ts';

/** One broken rule: `field` is a path into the draft or request, such as components[1].text. */
export interface TemplateIssue {
  field: string;
  message: string;
}

/** "components[1].text: body must be at most 1024 characters" */
export const issueText = (issue: TemplateIssue) => `${issue.field}: ${issue.message}`;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const POSITIONAL = /^[1-9]\d*$/;
const NAMED = /^[a-z][a-z0-9_]*$/;
const NAME = /^[a-z0-9_]+$/;

/** The variables of a text in order of appearance, as written between the braces: '1', 'first_name'. */
export function templateVariables(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(VARIABLE)].map((m) => m[1] ?? '');
}

/** Each variable once, in order of first appearance. */
export function distinctVariables(text: string | undefined): string[] {
  return [...new Set(templateVariables(text))];
}

/** NAMED when the header or body uses {{name}} variables; POSITIONAL otherwise. */
export function parameterFormatOf(components: readonly TemplateComponent[]): ParameterFormat {
  const texts = components.flatMap((c) => (c.type === 'HEADER' || c.type === 'BODY' ? [c.text] : []));
  return texts.some((t) => templateVariables(t).some((v) => NAMED.test(v))) ? 'NAMED' : 'POSITIONAL';
}

const isBlank = (s: string | undefined) => !s || s.trim().length === 0;

function variableIssues(text: string, field: string, issues: TemplateIssue[]): ParameterFormat | null {
  const variables = templateVariables(text);
  if (variables.length === 0) return null;
  const invalid = variables.find((v) => !POSITIONAL.test(v) && !NAMED.test(v));
  if (invalid !== undefined) {
    issues.push({
      field,
      message: `{{${invalid}}} is not a valid variable: use {{1}}, {{2}}… or lowercase names such as {{first_name}}`,
    });
    return null;
  }
  const named = variables.some((v) => NAMED.test(v));
  if (named && variables.some((v) => POSITIONAL.test(v))) {
    issues.push({ field, message: 'variables must be all positional ({{1}}) or all named ({{first_name}}), not mixed' });
    return null;
  }
  if (!named) {
    const numbers = [...new Set(variables.map(Number))].sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) issues.push({ field, message: 'variables must be numbered in sequence from {{1}}' });
  }
  return named ? 'NAMED' : 'POSITIONAL';
}

function namedExampleIssues(
  names: string[],
  examples: { param_name: string; example: string }[] | undefined,
  field: string,
  issues: TemplateIssue[],
): void {
  for (const name of names) {
    const example = examples?.find((e) => e.param_name === name);
    if (!example || isBlank(example.example)) issues.push({ field, message: `give an example for {{${name}}}` });
  }
}

function headerIssues(header: HeaderComponent, at: string, category: TemplateCategory, issues: TemplateIssue[]): ParameterFormat | null {
  if (category === 'AUTHENTICATION') {
    issues.push({ field: at, message: 'AUTHENTICATION templates cannot have a header' });
    return null;
  }
  if (header.format !== 'TEXT') {
    if (isBlank(header.example?.header_handle?.[0])) {
      issues.push({
        field: `${at}.example.header_handle`,
        message: `upload a sample ${header.format.toLowerCase()} for the header`,
      });
    }
    return null;
  }
  const text = header.text ?? '';
  const field = `${at}.text`;
  if (isBlank(text)) {
    issues.push({ field, message: 'a TEXT header needs text' });
    return null;
  }
  if (text.length > limits.headerTextMaxLength) {
    issues.push({ field, message: `header must be at most ${limits.headerTextMaxLength} characters` });
  }
  if (/[\r\n]/.test(text)) issues.push({ field, message: 'a header cannot contain line breaks' });
  const variables = distinctVariables(text);
  if (variables.length > limits.headerMaxVariables) {
    issues.push({ field, message: 'a header may have at most one variable' });
    return null;
  }
  const format = variableIssues(text, field, issues);
  if (format === 'POSITIONAL' && isBlank(header.example?.header_text?.[0])) {
    issues.push({ field: `${at}.example.header_text`, message: 'give an example for the header variable' });
  }
  if (format === 'NAMED')
    namedExampleIssues(variables, header.example?.header_text_named_params, `${at}.example.header_text_named_params`, issues);
  return format;
}

function bodyIssues(body: BodyComponent, at: string, category: TemplateCategory, issues: TemplateIssue[]): ParameterFormat | null {
  const field = `${at}.text`;
  if (category === 'AUTHENTICATION') {
    if (body.text !== undefined) issues.push({ field, message: 'AUTHENTICATION templates use the text Meta writes: leave it out' });
    return null;
  }
  const text = body.text ?? '';
  if (isBlank(text)) {
    issues.push({ field, message: 'the body text is required' });
    return null;
  }
  if (text.length > limits.bodyMaxLength) issues.push({ field, message: `body must be at most ${limits.bodyMaxLength} characters` });
  const format = variableIssues(text, field, issues);
  const trimmed = text.trim();
  if (format && (/^\{\{[^{}]*\}\}/.test(trimmed) || /\{\{[^{}]*\}\}$/.test(trimmed))) {
    issues.push({ field, message: 'the text cannot start or end with a variable' });
  }
  const variables = distinctVariables(text);
  if (format === 'POSITIONAL') {
    const examples = body.example?.body_text?.[0] ?? [];
    const exampleField = `${at}.example.body_text`;
    if (examples.length !== variables.length || examples.some(isBlank)) {
      issues.push({
        field: exampleField,
        message: `give an example for each of the ${variables.length} variable${variables.length === 1 ? '' : 's'}`,
      });
    }
  }
  if (format === 'NAMED')
    namedExampleIssues(variables, body.example?.body_text_named_params, `${at}.example.body_text_named_params`, issues);
  return format;
}

function footerIssues(footer: FooterComponent, at: string, category: TemplateCategory, issues: TemplateIssue[]): void {
  if (category === 'AUTHENTICATION') {
    if (footer.text !== undefined)
      issues.push({ field: `${at}.text`, message: 'AUTHENTICATION templates use the footer Meta writes: leave it out' });
    const minutes = footer.code_expiration_minutes;
    if (minutes === undefined || minutes < 1 || minutes > limits.codeExpirationMinutesMax) {
      issues.push({
        field: `${at}.code_expiration_minutes`,
        message: `code_expiration_minutes must be between 1 and ${limits.codeExpirationMinutesMax}`,
      });
    }
    return;
  }
  const field = `${at}.text`;
  const text = footer.text ?? '';
  if (footer.code_expiration_minutes !== undefined) {
    issues.push({ field: `${at}.code_expiration_minutes`, message: 'only AUTHENTICATION templates have a code expiration' });
  }
  if (isBlank(text)) issues.push({ field, message: 'the footer text is required (or remove the footer)' });
  if (text.length > limits.footerMaxLength) issues.push({ field, message: `footer must be at most ${limits.footerMaxLength} characters` });
  if (templateVariables(text).length > 0) issues.push({ field, message: 'a footer cannot contain variables' });
}

function buttonTextIssues(text: string | undefined, field: string, issues: TemplateIssue[], required = true): void {
  if (isBlank(text)) {
    if (required) issues.push({ field, message: 'button text is required' });
    return;
  }
  if ((text ?? '').length > limits.buttonTextMaxLength) {
    issues.push({ field, message: `button text must be at most ${limits.buttonTextMaxLength} characters` });
  }
  if (templateVariables(text).length > 0) issues.push({ field, message: 'button text cannot contain variables' });
}

function urlButtonIssues(button: Extract<TemplateButton, { type: 'URL' }>, at: string, issues: TemplateIssue[]): void {
  const field = `${at}.url`;
  const variables = templateVariables(button.url);
  const base = button.url.replace(VARIABLE, 'x');
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(base)) {
    issues.push({ field, message: 'url must be an absolute http(s) address' });
    return;
  }
  if (button.url.length > limits.urlMaxLength) issues.push({ field, message: `url must be at most ${limits.urlMaxLength} characters` });
  if (variables.length > 1 || (variables.length === 1 && (variables[0] !== '1' || !/\{\{\s*1\s*\}\}$/.test(button.url)))) {
    issues.push({ field, message: 'a URL may have one variable, {{1}}, at its end' });
    return;
  }
  if (variables.length === 1) {
    const example = button.example?.[0];
    if (isBlank(example) || !/^https?:\/\/\S+$/i.test(example ?? '')) {
      issues.push({ field: `${at}.example`, message: 'give the full example URL for the variable' });
    }
  }
}

function oneButtonIssues(button: TemplateButton, b: string, category: TemplateCategory, issues: TemplateIssue[]): void {
  switch (button.type) {
    case 'QUICK_REPLY':
      buttonTextIssues(button.text, `${b}.text`, issues);
      return;
    case 'URL':
      buttonTextIssues(button.text, `${b}.text`, issues);
      urlButtonIssues(button, b, issues);
      return;
    case 'PHONE_NUMBER':
      buttonTextIssues(button.text, `${b}.text`, issues);
      if (!/^\+?\d{1,20}$/.test(button.phone_number.replace(/[\s-]/g, ''))) {
        issues.push({
          field: `${b}.phone_number`,
          message: `phone_number must be at most ${limits.phoneNumberMaxLength} digits, with an optional leading +`,
        });
      }
      return;
    case 'COPY_CODE':
      if (isBlank(button.example)) issues.push({ field: `${b}.example`, message: 'give an example code' });
      else if (button.example.length > limits.copyCodeExampleMaxLength) {
        issues.push({ field: `${b}.example`, message: `the example code must be at most ${limits.copyCodeExampleMaxLength} characters` });
      }
      return;
    case 'OTP':
      if (category !== 'AUTHENTICATION') issues.push({ field: b, message: 'OTP buttons are only for AUTHENTICATION templates' });
      buttonTextIssues(button.text, `${b}.text`, issues, false);
  }
}

function buttonIssues(buttons: ButtonsComponent, at: string, category: TemplateCategory, issues: TemplateIssue[]): void {
  const field = `${at}.buttons`;
  const list = buttons.buttons;
  if (list.length === 0) issues.push({ field, message: 'add at least one button or remove the BUTTONS component' });
  if (list.length > limits.maxButtons) issues.push({ field, message: `at most ${limits.maxButtons} buttons` });
  const count = (type: TemplateButton['type']) => list.filter((b) => b.type === type).length;
  if (count('URL') > limits.maxUrlButtons) issues.push({ field, message: `at most ${limits.maxUrlButtons} URL buttons` });
  if (count('PHONE_NUMBER') > limits.maxPhoneNumberButtons) issues.push({ field, message: 'at most 1 PHONE_NUMBER button' });
  if (count('COPY_CODE') > limits.maxCopyCodeButtons) issues.push({ field, message: 'at most 1 COPY_CODE button' });
  if (category === 'AUTHENTICATION' && (list.length !== 1 || count('OTP') !== 1)) {
    issues.push({ field, message: 'an AUTHENTICATION template needs exactly one OTP button' });
  }
  // Meta shows quick replies as one group: they may come before or after the other buttons, not between them.
  const kinds = list.map((b) => (b.type === 'QUICK_REPLY' ? 'q' : 'o')).join('');
  if (/q+o+q+/.test(kinds) || /o+q+o+/.test(kinds)) {
    issues.push({ field, message: 'keep QUICK_REPLY buttons together, before or after the other buttons' });
  }

  list.forEach((button, j) => {
    oneButtonIssues(button, `${field}[${j}]`, category, issues);
  });
}

/**
 * Meta's rules for a template, checked before it is submitted and as the editor is typed in; empty
 * when Meta would take it. Each issue names the field, such as components[1].text.
 */
export function validateTemplate(draft: TemplateDraft): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const name = draft.name ?? '';
  if (isBlank(name)) issues.push({ field: 'name', message: 'name is required' });
  else if (!NAME.test(name)) issues.push({ field: 'name', message: 'name may only contain lowercase letters, digits and underscores' });
  if (name.length > limits.nameMaxLength)
    issues.push({ field: 'name', message: `name must be at most ${limits.nameMaxLength} characters` });
  if (isBlank(draft.language)) issues.push({ field: 'language', message: 'language is required' });
  else if (!isTemplateLanguage(draft.language)) {
    issues.push({ field: 'language', message: `${draft.language} is not a language Meta offers for templates` });
  }

  const { category, components } = draft;
  for (const type of ['HEADER', 'FOOTER', 'BUTTONS'] as const) {
    if (components.filter((c) => c.type === type).length > 1) issues.push({ field: 'components', message: `at most one ${type}` });
  }
  if (components.filter((c) => c.type === 'BODY').length !== 1) {
    issues.push({ field: 'components', message: 'a template needs exactly one BODY' });
  }

  const formats = new Set<ParameterFormat>();
  components.forEach((component, i) => {
    const at = `components[${i}]`;
    let format: ParameterFormat | null = null;
    if (component.type === 'HEADER') format = headerIssues(component, at, category, issues);
    else if (component.type === 'BODY') format = bodyIssues(component, at, category, issues);
    else if (component.type === 'FOOTER') footerIssues(component, at, category, issues);
    else buttonIssues(component, at, category, issues);
    if (format) formats.add(format);
  });
  if (formats.size > 1) issues.push({ field: 'components', message: 'the header and body must use the same kind of variables' });
  if (category === 'AUTHENTICATION' && !components.some((c) => c.type === 'BUTTONS')) {
    issues.push({ field: 'components', message: 'an AUTHENTICATION template needs exactly one OTP button' });
  }
  return issues;
}
