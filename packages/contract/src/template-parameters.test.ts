import { describe, expect, it } from 'vitest';
import { checkSendComponents, fillVariables, renderTemplate, templateSlots } from './template-parameters.ts';
import { issueText } from './template-rules.ts';
import { type SendComponentInput, sendComponentSchema, type TemplateComponent } from './templates.ts';

const components: TemplateComponent[] = [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::h'] } },
  { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is ready.', example: { body_text: [['Ann', '#1']] } },
  { type: 'FOOTER', text: 'Shop Ltd' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Thanks' },
      { type: 'URL', text: 'Track', url: 'https://shop.example/t/{{1}}', example: ['https://shop.example/t/1'] },
      { type: 'COPY_CODE', example: 'SAVE10' },
    ],
  },
];
const template = { components, category: 'MARKETING' as const };
const parse = (list: SendComponentInput[]) => list.map((c) => sendComponentSchema.parse(c));
const check = (list: SendComponentInput[]) => checkSendComponents(template, parse(list)).map(issueText);

const good: SendComponentInput[] = [
  { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/a.png' } }] },
  {
    type: 'body',
    parameters: [
      { type: 'text', text: 'Ann' },
      { type: 'text', text: '#42' },
    ],
  },
  { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'abc' }] },
  { type: 'button', sub_type: 'copy_code', index: 2, parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] },
];

describe('checkSendComponents', () => {
  it('accepts parameters that match the template', () => {
    expect(check(good)).toEqual([]);
    expect(templateSlots(components, 'MARKETING')).toEqual({
      header: { kind: 'media', format: 'IMAGE' },
      body: ['1', '2'],
      buttons: [
        { index: 1, subType: 'url', parameter: 'text' },
        { index: 2, subType: 'copy_code', parameter: 'coupon_code' },
      ],
      quickReplies: [0],
    });
  });

  it('counts the body parameters', () => {
    const [header, , ...buttons] = good;
    expect(check([header as SendComponentInput, { type: 'body', parameters: [{ type: 'text', text: 'Ann' }] }, ...buttons])).toEqual([
      'components[1].parameters: the body needs 2 parameters, 1 given',
    ]);
    expect(check([header as SendComponentInput, ...buttons])).toEqual(['components: the body needs 2 parameters, 0 given']);
  });

  it('wants the header media of the template’s kind, given one way', () => {
    const [, ...rest] = good;
    expect(check([{ type: 'header', parameters: [{ type: 'video', video: { link: 'https://cdn.example/v.mp4' } }] }, ...rest])).toEqual([
      'components[0].parameters[0].type: the header is IMAGE: give an image, not video',
    ]);
    expect(check([{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://a.example/x', id: '1' } }] }, ...rest])).toEqual([
      'components[0].parameters[0].image: give exactly one of link, id or uploadId',
    ]);
    expect(check(rest)).toEqual(['components: the header needs an image (IMAGE header)']);
  });

  it('checks button parameters and their positions', () => {
    const [header, bodyPart] = good as [SendComponentInput, SendComponentInput];
    expect(check([header, bodyPart])).toEqual([
      'components: button 1 needs 1 text parameter (sub_type url)',
      'components: button 2 needs 1 coupon_code parameter (sub_type copy_code)',
    ]);
    expect(check([...good, { type: 'button', sub_type: 'url', index: 5, parameters: [{ type: 'text', text: 'x' }] }])).toEqual([
      'components[4].index: button 5 of the template takes no parameters',
    ]);
    expect(
      check([...good, { type: 'button', sub_type: 'quick_reply', index: 0, parameters: [{ type: 'payload', payload: 'thanks' }] }]),
    ).toEqual([]);
  });

  it('refuses text Meta would refuse', () => {
    const [header, , ...buttons] = good as SendComponentInput[];
    expect(
      check([
        header as SendComponentInput,
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'a\nb' },
            { type: 'text', text: ' ' },
          ],
        },
        ...buttons,
      ]),
    ).toEqual([
      'components[1].parameters[0].text: must not contain new lines, tabs or more than 4 consecutive spaces',
      'components[1].parameters[1].text: must not be empty',
    ]);
  });

  it('matches named parameters by name', () => {
    const named = { components: [{ type: 'BODY', text: 'Hi {{first_name}}!' }] as TemplateComponent[], category: 'UTILITY' as const };
    const send = (name: string) => parse([{ type: 'body', parameters: [{ type: 'text', text: 'Ann', parameter_name: name }] }]);
    expect(checkSendComponents(named, send('first_name'))).toEqual([]);
    expect(checkSendComponents(named, send('last_name')).map(issueText)).toEqual([
      'components[0].parameters[0].parameter_name: parameter_name must be one of first_name',
    ]);
  });
});

describe('renderTemplate', () => {
  it('renders with the sent values, or the examples for a preview', () => {
    expect(renderTemplate(template, parse(good))).toEqual({
      header: { format: 'IMAGE', text: null },
      body: 'Hi Ann, your order #42 is ready.',
      footer: 'Shop Ltd',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Thanks' },
        { type: 'URL', text: 'Track' },
        { type: 'COPY_CODE', text: 'Copy offer code' },
      ],
    });
    expect(renderTemplate(template).body).toBe('Hi Ann, your order #1 is ready.');
    expect(fillVariables('Hi {{1}} {{x}}', { 1: 'A' })).toBe('Hi A {{x}}');
  });

  it('writes Meta’s texts for an authentication template', () => {
    const auth = {
      category: 'AUTHENTICATION' as const,
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 5 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
      ] as TemplateComponent[],
    };
    const sent = parse([
      { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
      { type: 'button', sub_type: 'url', index: 0, parameters: [{ type: 'text', text: '123456' }] },
    ]);
    expect(checkSendComponents(auth, sent)).toEqual([]);
    expect(renderTemplate(auth, sent)).toMatchObject({
      body: '*123456* is your verification code. For your security, do not share this code.',
      footer: 'This code expires in 5 minutes.',
      buttons: [{ type: 'OTP', text: 'Copy code' }],
    });
  });
});
