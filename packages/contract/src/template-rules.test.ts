import { describe, expect, it } from 'vitest';
import { issueText, parameterFormatOf, templateVariables, validateTemplate } from './template-rules.ts';
import type { TemplateButton, TemplateComponent, TemplateDraft } from './templates.ts';

const body = (text: string, examples?: string[]): TemplateComponent => ({
  type: 'BODY',
  text,
  ...(examples ? { example: { body_text: [examples] } } : {}),
});

const draft = (components: TemplateComponent[], over: Partial<TemplateDraft> = {}): TemplateDraft => ({
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  components,
  ...over,
});

const texts = (d: TemplateDraft) => validateTemplate(d).map(issueText);
const buttons = (...list: TemplateButton[]): TemplateComponent => ({ type: 'BUTTONS', buttons: list });

describe('validateTemplate', () => {
  it('accepts a complete template with every component type', () => {
    const template = draft([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#123'] } },
      body('Hi {{1}}, your order ships on {{2}}.', ['Ann', 'Monday']),
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      buttons(
        { type: 'QUICK_REPLY', text: 'Thanks' },
        { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}', example: ['https://shop.example/track/abc'] },
        { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15550100001' },
        { type: 'COPY_CODE', example: 'SAVE10' },
      ),
    ]);
    expect(validateTemplate(template)).toEqual([]);
  });

  it('names the field and the limit that is broken', () => {
    expect(texts(draft([body('x'.repeat(1025))]))).toEqual(['components[0].text: body must be at most 1024 characters']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY' as const, text: `Option ${i}` }));
    expect(texts(draft([body('Pick one'), buttons(...eleven)]))).toEqual(['components[1].buttons: at most 10 buttons']);
    expect(texts(draft([body('Hi'), { type: 'FOOTER', text: 'f'.repeat(61) }]))).toEqual([
      'components[1].text: footer must be at most 60 characters',
    ]);
    expect(texts(draft([{ type: 'HEADER', format: 'TEXT', text: 'h'.repeat(61) }, body('Hi')]))).toEqual([
      'components[0].text: header must be at most 60 characters',
    ]);
  });

  it('checks the name and the language', () => {
    expect(texts(draft([body('Hi')], { name: 'Order Update' }))).toEqual([
      'name: name may only contain lowercase letters, digits and underscores',
    ]);
    expect(texts(draft([body('Hi')], { name: '' }))).toEqual(['name: name is required']);
    expect(texts(draft([body('Hi')], { name: 'a'.repeat(513) }))).toEqual(['name: name must be at most 512 characters']);
    expect(texts(draft([body('Hi')], { language: 'xx_YY' }))).toEqual(['language: xx_YY is not a language Meta offers for templates']);
  });

  it('needs exactly one body and at most one of each other component', () => {
    expect(texts(draft([]))).toEqual(['components: a template needs exactly one BODY']);
    expect(texts(draft([body('a'), { type: 'FOOTER', text: 'x' }, { type: 'FOOTER', text: 'y' }]))).toEqual([
      'components: at most one FOOTER',
    ]);
  });

  it('requires an example for every body variable', () => {
    expect(texts(draft([body('Hi {{1}}, see you {{2}}.')]))).toEqual([
      'components[0].example.body_text: give an example for each of the 2 variables',
    ]);
    expect(texts(draft([body('Hi {{1}}, see you {{2}}.', ['Ann', ' '])]))).toHaveLength(1);
  });

  it('takes named variables with named examples, but not mixed with positional ones', () => {
    const named: TemplateComponent = {
      type: 'BODY',
      text: 'Hi {{first_name}}, your code is {{code}}.',
      example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ann' }] },
    };
    expect(texts(draft([named]))).toEqual(['components[0].example.body_text_named_params: give an example for {{code}}']);
    expect(texts(draft([body('Hi {{first_name}} and {{1}}.', ['a', 'b'])]))).toContain(
      'components[0].text: variables must be all positional ({{1}}) or all named ({{first_name}}), not mixed',
    );
    expect(texts(draft([body('Hi {{First Name}}.')]))[0]).toMatch(/^components\[0\]\.text: \{\{First Name\}\} is not a valid variable/);
  });

  it('wants positional variables in sequence and none at the very start or end', () => {
    expect(texts(draft([body('Hi {{1}} and {{3}}.', ['a', 'b'])]))).toContain(
      'components[0].text: variables must be numbered in sequence from {{1}}',
    );
    expect(texts(draft([body('{{1}} is here', ['Ann'])]))).toEqual(['components[0].text: the text cannot start or end with a variable']);
  });

  it('allows one variable in a text header, with its example, and needs a sample for a media header', () => {
    expect(texts(draft([{ type: 'HEADER', format: 'TEXT', text: 'Hi {{1}} {{2}}' }, body('Body')]))).toEqual([
      'components[0].text: a header may have at most one variable',
    ]);
    expect(texts(draft([{ type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' }, body('Body')]))).toEqual([
      'components[0].example.header_text: give an example for the header variable',
    ]);
    expect(texts(draft([{ type: 'HEADER', format: 'IMAGE' }, body('Body')]))).toEqual([
      'components[0].example.header_handle: upload a sample image for the header',
    ]);
    expect(validateTemplate(draft([{ type: 'HEADER', format: 'VIDEO', example: { header_handle: ['4::abc'] } }, body('Body')]))).toEqual(
      [],
    );
  });

  it('refuses variables in the footer and in button texts', () => {
    expect(texts(draft([body('Hi'), { type: 'FOOTER', text: 'Bye {{1}}' }]))).toEqual([
      'components[1].text: a footer cannot contain variables',
    ]);
    expect(texts(draft([body('Hi'), buttons({ type: 'QUICK_REPLY', text: 'Yes {{1}}' })]))).toEqual([
      'components[1].buttons[0].text: button text cannot contain variables',
    ]);
  });

  it('checks each kind of button', () => {
    expect(texts(draft([body('Hi'), buttons({ type: 'QUICK_REPLY', text: 'q'.repeat(26) })]))).toEqual([
      'components[1].buttons[0].text: button text must be at most 25 characters',
    ]);
    expect(texts(draft([body('Hi'), buttons({ type: 'URL', text: 'Go', url: 'shop.example' })]))).toEqual([
      'components[1].buttons[0].url: url must be an absolute http(s) address',
    ]);
    expect(texts(draft([body('Hi'), buttons({ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}/y' })]))).toEqual([
      'components[1].buttons[0].url: a URL may have one variable, {{1}}, at its end',
    ]);
    expect(texts(draft([body('Hi'), buttons({ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}' })]))).toEqual([
      'components[1].buttons[0].example: give the full example URL for the variable',
    ]);
    expect(texts(draft([body('Hi'), buttons({ type: 'PHONE_NUMBER', text: 'Call', phone_number: '+1234567890123456789012' })]))).toEqual([
      'components[1].buttons[0].phone_number: phone_number must be at most 20 digits, with an optional leading +',
    ]);
    expect(texts(draft([body('Hi'), buttons({ type: 'COPY_CODE', example: 'TOO-LONG-A-CODE-1' })]))).toEqual([
      'components[1].buttons[0].example: the example code must be at most 15 characters',
    ]);
    const three = Array.from({ length: 3 }, (_, i) => ({ type: 'URL' as const, text: `L${i}`, url: `https://x.example/${i}` }));
    expect(texts(draft([body('Hi'), buttons(...three)]))).toEqual(['components[1].buttons: at most 2 URL buttons']);
  });

  it('keeps quick replies in one group', () => {
    const url = { type: 'URL' as const, text: 'Site', url: 'https://x.example' };
    expect(texts(draft([body('Hi'), buttons({ type: 'QUICK_REPLY', text: 'A' }, url, { type: 'QUICK_REPLY', text: 'B' })]))).toEqual([
      'components[1].buttons: keep QUICK_REPLY buttons together, before or after the other buttons',
    ]);
    expect(
      validateTemplate(draft([body('Hi'), buttons(url, { type: 'QUICK_REPLY', text: 'A' }, { type: 'QUICK_REPLY', text: 'B' })])),
    ).toEqual([]);
  });

  it('takes Meta’s shape for authentication templates', () => {
    const auth = (components: TemplateComponent[]) => draft(components, { name: 'login_code', category: 'AUTHENTICATION' });
    const valid: TemplateComponent[] = [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 10 },
      buttons({ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }),
    ];
    expect(validateTemplate(auth(valid))).toEqual([]);
    expect(texts(auth([{ type: 'BODY', text: 'Your code {{1}}' }]))).toEqual([
      'components[0].text: AUTHENTICATION templates use the text Meta writes: leave it out',
      'components: an AUTHENTICATION template needs exactly one OTP button',
    ]);
    expect(
      texts(auth([{ type: 'BODY' }, { type: 'FOOTER', code_expiration_minutes: 120 }, buttons({ type: 'OTP', otp_type: 'COPY_CODE' })])),
    ).toEqual(['components[1].code_expiration_minutes: code_expiration_minutes must be between 1 and 90']);
    expect(texts(draft([body('Hi'), buttons({ type: 'OTP', otp_type: 'COPY_CODE' })]))).toEqual([
      'components[1].buttons[0]: OTP buttons are only for AUTHENTICATION templates',
    ]);
  });
});

describe('variables', () => {
  it('lists variables in order and tells the parameter format', () => {
    expect(templateVariables('Hi {{1}}, {{ 2 }} and {{1}}')).toEqual(['1', '2', '1']);
    expect(parameterFormatOf([body('Hi {{name}}')])).toBe('NAMED');
    expect(parameterFormatOf([body('Hi {{1}}')])).toBe('POSITIONAL');
    expect(parameterFormatOf([body('Hi')])).toBe('POSITIONAL');
  });
});
