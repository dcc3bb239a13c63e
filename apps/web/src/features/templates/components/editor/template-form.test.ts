import { validateTemplate } from '@wac/contract/template-rules';
import type { Template } from '@wac/contract/templates';
import { describe, expect, it } from 'vitest';
import { emptyForm, formOf, issueKey, issuesByField, moved, newButton, type TemplateForm, toDraft } from './template-form';

const orderUpdate = (): TemplateForm => ({
  ...emptyForm(),
  name: 'order_update',
  category: 'UTILITY',
  headerFormat: 'IMAGE',
  headerHandle: '4::aW1hZ2UvcG5n:ARb',
  headerFileName: 'parcel.png',
  body: 'Hi {{1}}, your order {{2}} is on its way.',
  bodyExamples: { 1: 'Ana', 2: 'A-1001' },
  footer: 'Reply STOP to opt out',
  buttons: [
    { ...newButton('URL'), text: 'Track order', url: 'https://shop.example/track/{{1}}', urlExample: 'https://shop.example/track/A-1001' },
    { ...newButton('QUICK_REPLY'), text: 'Thanks' },
  ],
});

describe('template form → draft', () => {
  it('builds Meta’s components in order with the examples Meta requires, and passes Meta’s rules', () => {
    const draft = toDraft(orderUpdate());
    expect(draft.components).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvcG5n:ARb'] } },
      { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is on its way.', example: { body_text: [['Ana', 'A-1001']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Track order', url: 'https://shop.example/track/{{1}}', example: ['https://shop.example/track/A-1001'] },
          { type: 'QUICK_REPLY', text: 'Thanks' },
        ],
      },
    ]);
    expect(validateTemplate(draft)).toEqual([]);
  });

  it('leaves out the header, footer and buttons when empty, and gives named variables named examples', () => {
    const form = {
      ...emptyForm(),
      name: 'welcome',
      headerFormat: 'TEXT' as const,
      headerText: 'Hello {{first_name}}',
      headerExample: 'Ana',
      body: 'Welcome {{first_name}} to {{shop}}!',
      bodyExamples: { first_name: 'Ana', shop: 'Lojinha' },
    };
    expect(toDraft(form).components).toEqual([
      {
        type: 'HEADER',
        format: 'TEXT',
        text: 'Hello {{first_name}}',
        example: { header_text_named_params: [{ param_name: 'first_name', example: 'Ana' }] },
      },
      {
        type: 'BODY',
        text: 'Welcome {{first_name}} to {{shop}}!',
        example: {
          body_text_named_params: [
            { param_name: 'first_name', example: 'Ana' },
            { param_name: 'shop', example: 'Lojinha' },
          ],
        },
      },
    ]);
    expect(toDraft({ ...emptyForm(), body: 'Plain' }).components).toEqual([{ type: 'BODY', text: 'Plain' }]);
  });

  it('builds an authentication template from its few choices', () => {
    const form = { ...emptyForm(), name: 'login_code', category: 'AUTHENTICATION' as const, codeExpiryMinutes: '10', otpText: 'Copy' };
    const draft = toDraft(form);
    expect(draft.components).toEqual([
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 10 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy' }] },
    ]);
    expect(validateTemplate(draft)).toEqual([]);
  });

  it('gives a saved template back to the editor as it was', () => {
    const form = orderUpdate();
    const draft = toDraft(form);
    const saved = formOf({ name: draft.name, language: draft.language, category: draft.category, components: draft.components });
    expect(toDraft(saved)).toEqual(draft);
    expect(saved.bodyExamples).toEqual({ 1: 'Ana', 2: 'A-1001' });
    expect(saved.buttons.map((b) => b.type)).toEqual(['URL', 'QUICK_REPLY']);
    const copy = formOf({
      ...draft,
      components: [
        { type: 'BODY', text: 'Use the code' },
        { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10' }] },
      ],
    } satisfies Pick<Template, 'name' | 'language' | 'category' | 'components'>);
    expect(copy.buttons[0]).toMatchObject({ type: 'COPY_CODE', code: 'SAVE10' });
  });
});

describe('issues under the fields', () => {
  it('names the editor field each of Meta’s rules is about', () => {
    const form = {
      ...orderUpdate(),
      name: 'Order Update',
      headerHandle: '',
      bodyExamples: { 1: 'Ana' },
      buttons: [{ ...newButton('URL'), text: 'Track', url: 'shop.example' }],
    };
    const draft = toDraft(form);
    const byField = issuesByField(validateTemplate(draft), draft);
    expect([...byField.keys()]).toEqual(['name', 'HEADER.file', 'BODY.example', 'BUTTONS.buttons[0].url']);
    expect(byField.get('BODY.example')).toBe('give an example for each of the 2 variables');
    expect(byField.get('BUTTONS.buttons[0].url')).toBe('url must be an absolute http(s) address');
  });

  it('reads the fields of the server’s refusals the same way', () => {
    const draft = toDraft(orderUpdate());
    expect(issueKey({ field: 'components[1].text', message: '' }, draft)).toBe('BODY.text');
    expect(issueKey({ field: 'components[0].example.header_text', message: '' }, draft)).toBe('HEADER.example');
    expect(issueKey({ field: 'components[3].buttons[1].text', message: '' }, draft)).toBe('BUTTONS.buttons[1].text');
    expect(issueKey({ field: 'components', message: '' }, draft)).toBe('components');
  });

  it('moves buttons up and down, staying put at either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
