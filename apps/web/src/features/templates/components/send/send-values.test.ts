import type { Template } from '@wac/contract/templates';
import { describe, expect, it } from 'vitest';
import { emptySendValues, sendIssuesByField, toSendComponents, withPlaceholders } from './send-values';

const orderUpdate: Pick<Template, 'components' | 'category'> = {
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h'] } },
    { type: 'BODY', text: 'Hi {{1}}, order {{2}} ships today.', example: { body_text: [['Ana', 'A-1']] } },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Thanks' },
        { type: 'URL', text: 'Track', url: 'https://shop.example/t/{{1}}', example: ['https://shop.example/t/A-1'] },
        { type: 'COPY_CODE', example: 'SAVE10' },
      ],
    },
  ],
};

describe('values → send components', () => {
  it('gives Meta the header media, the body values in order and each button that takes one', () => {
    const values = { ...emptySendValues(), uploadId: 'up-1', body: { 1: 'Ana', 2: 'A-1001' }, buttons: { 1: 'A-1001', 2: 'WELCOME5' } };
    const components = toSendComponents(orderUpdate, values);
    expect(components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { uploadId: 'up-1' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'A-1001' },
        ],
      },
      { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'A-1001' }] },
      { type: 'button', sub_type: 'copy_code', index: 2, parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME5' }] },
    ]);
    expect(sendIssuesByField(orderUpdate, components).size).toBe(0);
    const linked = toSendComponents(orderUpdate, { ...values, mediaSource: 'link', mediaLink: ' https://cdn.example/p.png ' });
    expect(linked[0]).toEqual({ type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/p.png' } }] });
  });

  it('names named variables and puts the code of an authentication template in its copy button too', () => {
    const named = toSendComponents(
      {
        category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Hi {{name}}' },
          { type: 'BODY', text: 'Dear {{name}}, see {{shop}} now' },
        ],
      },
      { ...emptySendValues(), headerText: 'Ana', body: { name: 'Ana', shop: 'Lojinha' } },
    );
    expect(named).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'Ana', parameter_name: 'name' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana', parameter_name: 'name' },
          { type: 'text', text: 'Lojinha', parameter_name: 'shop' },
        ],
      },
    ]);
    const otp = toSendComponents(
      {
        category: 'AUTHENTICATION',
        components: [{ type: 'BODY' }, { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] }],
      },
      { ...emptySendValues(), body: { 1: '482910' } },
    );
    expect(otp).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '482910' }] },
      { type: 'button', sub_type: 'url', index: 0, parameters: [{ type: 'text', text: '482910' }] },
    ]);
  });

  it('puts what is missing under the field it is about', () => {
    const components = toSendComponents(orderUpdate, { ...emptySendValues(), body: { 1: 'Ana' }, buttons: { 2: 'WELCOME5' } });
    expect(Object.fromEntries(sendIssuesByField(orderUpdate, components))).toEqual({
      header: 'upload a file or give a link to one',
      'body.2': 'must not be empty',
      'button.1': 'must not be empty',
    });
  });

  it('previews the values not filled in yet as their variables', () => {
    const template = {
      category: 'MARKETING' as const,
      components: [
        { type: 'HEADER' as const, format: 'TEXT' as const, text: 'For {{1}}' },
        { type: 'BODY' as const, text: 'Hi {{1}}, see {{2}}' },
      ],
    };
    const shown = withPlaceholders(template, { ...emptySendValues(), body: { 1: 'Ana' } });
    expect(shown.headerText).toBe('{{1}}');
    expect(shown.body).toEqual({ 1: 'Ana', 2: '{{2}}' });
  });
});
