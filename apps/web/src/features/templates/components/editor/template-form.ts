import { distinctVariables, type TemplateIssue } from '@wac/contract/template-rules';
import type {
  HeaderComponent,
  HeaderFormat,
  Template,
  TemplateButton,
  TemplateCategory,
  TemplateComponent,
  TemplateDraft,
} from '@wac/contract/templates';

/*
 * The editor's own shape of a template (flat fields a form can bind to) and the two conversions
 * to and from Meta's components. Meta's rules are then checked on the draft (template-rules.ts)
 * and each issue is brought back to the field it is about.
 */

export type HeaderChoice = 'NONE' | HeaderFormat;
export type EditorButtonType = 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE';
export const editorButtonTypes: readonly EditorButtonType[] = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'];

export interface ButtonFields {
  /** Stable across reordering, for React keys. */
  key: string;
  type: EditorButtonType;
  text: string;
  url: string;
  urlExample: string;
  phoneNumber: string;
  code: string;
}

export interface TemplateForm {
  name: string;
  language: string;
  category: TemplateCategory;
  headerFormat: HeaderChoice;
  headerText: string;
  headerExample: string;
  /** The sample's handle from Meta's upload, and the file's name to show. */
  headerHandle: string;
  headerFileName: string;
  body: string;
  /** By variable as written: '1', 'first_name'. */
  bodyExamples: Record<string, string>;
  footer: string;
  buttons: ButtonFields[];
  /** AUTHENTICATION templates: Meta writes the texts; these are the choices it leaves. */
  securityRecommendation: boolean;
  codeExpiryMinutes: string;
  otpText: string;
}

let nextKey = 0;
export function newButton(type: EditorButtonType): ButtonFields {
  nextKey += 1;
  return { key: `b${nextKey}`, type, text: '', url: '', urlExample: '', phoneNumber: '', code: '' };
}

export function emptyForm(language = 'en_US'): TemplateForm {
  return {
    name: '',
    language,
    category: 'MARKETING',
    headerFormat: 'NONE',
    headerText: '',
    headerExample: '',
    headerHandle: '',
    headerFileName: '',
    body: '',
    bodyExamples: {},
    footer: '',
    buttons: [],
    securityRecommendation: true,
    codeExpiryMinutes: '',
    otpText: '',
  };
}

const isPositional = (variables: string[]) => variables.every((v) => /^\d+$/.test(v));

function headerOf(form: TemplateForm): HeaderComponent | null {
  if (form.headerFormat === 'NONE') return null;
  if (form.headerFormat !== 'TEXT') {
    return { type: 'HEADER', format: form.headerFormat, ...(form.headerHandle ? { example: { header_handle: [form.headerHandle] } } : {}) };
  }
  const [variable] = distinctVariables(form.headerText);
  if (variable === undefined) return { type: 'HEADER', format: 'TEXT', text: form.headerText };
  const example = isPositional([variable])
    ? { header_text: [form.headerExample] }
    : { header_text_named_params: [{ param_name: variable, example: form.headerExample }] };
  return { type: 'HEADER', format: 'TEXT', text: form.headerText, example };
}

function bodyOf(form: TemplateForm): TemplateComponent {
  const variables = distinctVariables(form.body);
  if (variables.length === 0) return { type: 'BODY', text: form.body };
  const value = (v: string) => form.bodyExamples[v] ?? '';
  const example = isPositional(variables)
    ? { body_text: [variables.map(value)] }
    : { body_text_named_params: variables.map((v) => ({ param_name: v, example: value(v) })) };
  return { type: 'BODY', text: form.body, example };
}

function buttonOf(button: ButtonFields): TemplateButton {
  switch (button.type) {
    case 'QUICK_REPLY':
      return { type: 'QUICK_REPLY', text: button.text };
    case 'URL':
      return {
        type: 'URL',
        text: button.text,
        url: button.url,
        ...(distinctVariables(button.url).length > 0 ? { example: [button.urlExample] } : {}),
      };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phoneNumber };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', example: button.code };
  }
}

function authenticationComponents(form: TemplateForm): TemplateComponent[] {
  const minutes = form.codeExpiryMinutes.trim();
  return [
    { type: 'BODY', add_security_recommendation: form.securityRecommendation },
    ...(minutes ? [{ type: 'FOOTER' as const, code_expiration_minutes: Number(minutes) }] : []),
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', ...(form.otpText.trim() ? { text: form.otpText } : {}) }] },
  ];
}

/** What POST /api/templates takes: components in Meta's order, empty parts left out. */
export function toDraft(form: TemplateForm): TemplateDraft {
  const base = { name: form.name, language: form.language, category: form.category };
  if (form.category === 'AUTHENTICATION') return { ...base, components: authenticationComponents(form) };
  const header = headerOf(form);
  const components: TemplateComponent[] = [...(header ? [header] : []), bodyOf(form)];
  if (form.footer !== '') components.push({ type: 'FOOTER', text: form.footer });
  if (form.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: form.buttons.map(buttonOf) });
  return { ...base, components };
}

function fieldsOfButton(button: TemplateButton): ButtonFields | null {
  const fields = newButton('QUICK_REPLY');
  switch (button.type) {
    case 'QUICK_REPLY':
      return { ...fields, text: button.text };
    case 'URL':
      return { ...fields, type: 'URL', text: button.text, url: button.url, urlExample: button.example?.[0] ?? '' };
    case 'PHONE_NUMBER':
      return { ...fields, type: 'PHONE_NUMBER', text: button.text, phoneNumber: button.phone_number };
    case 'COPY_CODE':
      return { ...fields, type: 'COPY_CODE', code: button.example };
    case 'OTP':
      return null;
  }
}

/** A saved template back in the editor, examples included, for editing and resubmitting. */
export function formOf(template: Pick<Template, 'name' | 'language' | 'category' | 'components'>): TemplateForm {
  const form = { ...emptyForm(template.language), name: template.name, category: template.category };
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      form.headerFormat = component.format;
      form.headerText = component.text ?? '';
      form.headerExample = component.example?.header_text?.[0] ?? component.example?.header_text_named_params?.[0]?.example ?? '';
      form.headerHandle = component.example?.header_handle?.[0] ?? '';
      form.headerFileName = form.headerHandle ? 'Sample submitted earlier' : '';
    } else if (component.type === 'BODY') {
      form.body = component.text ?? '';
      form.securityRecommendation = component.add_security_recommendation ?? false;
      const positional = component.example?.body_text?.[0] ?? [];
      const variables = distinctVariables(component.text);
      form.bodyExamples = Object.fromEntries([
        ...variables.flatMap((v, i) => (positional[i] !== undefined ? [[v, positional[i]]] : [])),
        ...(component.example?.body_text_named_params ?? []).map((p) => [p.param_name, p.example]),
      ]);
    } else if (component.type === 'FOOTER') {
      form.footer = component.text ?? '';
      form.codeExpiryMinutes = component.code_expiration_minutes?.toString() ?? '';
    } else {
      for (const button of component.buttons) {
        if (button.type === 'OTP') form.otpText = button.text ?? '';
        const fields = fieldsOfButton(button);
        if (fields) form.buttons.push(fields);
      }
    }
  }
  return form;
}

/**
 * The editor field an issue is about: the draft's components[i] becomes the component's type, so
 * 'components[1].text' reads 'BODY.text' and 'components[3].buttons[0].url' reads 'BUTTONS.buttons[0].url';
 * a header's or body's examples are 'HEADER.example' and 'BODY.example', the header sample 'HEADER.file'.
 */
export function issueKey(issue: TemplateIssue, draft: TemplateDraft): string {
  return issue.field
    .replace(/^components\[(\d+)\]/, (whole, i: string) => draft.components[Number(i)]?.type ?? whole)
    .replace(/^HEADER\.example\.header_handle$/, 'HEADER.file')
    .replace(/\.example\.(header_text|body_text)(_named_params)?$/, '.example');
}

/** The issues by editor field, several messages for one field joined in one line. */
export function issuesByField(issues: readonly TemplateIssue[], draft: TemplateDraft): Map<string, string> {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const key = issueKey(issue, draft);
    const before = byField.get(key);
    byField.set(key, before ? `${before}; ${issue.message}` : issue.message);
  }
  return byField;
}

/** Moves one item up (-1) or down (+1); the list is returned untouched at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[to]] = [copy[to] as T, copy[index] as T];
  return copy;
}
