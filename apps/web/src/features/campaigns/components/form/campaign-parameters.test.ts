import type { Template } from '@wac/contract/templates';
import { describe, expect, it } from 'vitest';
import { fromComponents, noParameterValues, parameterIssues, toComponents } from './campaign-parameters';

const shipping: Pick<Template, 'components' | 'category'> = {
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h'] } },
    { type: 'BODY', text: 'Hi {{1}}, order {{2}} ships today.', example: { body_text: [['Ana', 'A-1']] } },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Track', url: 'https://shop.example/t/{{1}}', example: ['https://shop.example/t/A-1'] },
        { type: 'COPY_CODE', example: 'SAVE10' },
      ],
    },
  ],
};

describe('campaign parameters', () => {
  it('sends placeholders as typed, the header as a link, and reads the same values back to edit them', () => {
    const values = {
      header: ' https://cdn.example/box.png ',
      body: { 1: '{{name}}', 2: '{{order_no}}' },
      buttons: { 0: '{{order_no}}', 1: 'WELCOME5' },
    };
    const components = toComponents(shipping, values);
    expect(components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/box.png' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: '{{name}}' },
          { type: 'text', text: '{{order_no}}' },
        ],
      },
      { type: 'button', sub_type: 'url', index: 0, parameters: [{ type: 'text', text: '{{order_no}}' }] },
      { type: 'button', sub_type: 'copy_code', index: 1, parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME5' }] },
    ]);
    expect(parameterIssues(shipping, components).size).toBe(0);
    expect(fromComponents(shipping, components)).toEqual({ ...values, header: 'https://cdn.example/box.png' });
  });

  it('names named variables, and reads them back by name', () => {
    const named = { category: 'MARKETING' as const, components: [{ type: 'BODY' as const, text: 'Dear {{first_name}}, see {{shop}}' }] };
    const components = toComponents(named, { ...noParameterValues(), body: { first_name: '{{name}}', shop: 'Lojinha' } });
    expect(components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: '{{name}}', parameter_name: 'first_name' },
          { type: 'text', text: 'Lojinha', parameter_name: 'shop' },
        ],
      },
    ]);
    expect(fromComponents(named, [...components].reverse()).body).toEqual({ first_name: '{{name}}', shop: 'Lojinha' });
  });

  it('puts what Meta would refuse under the field it is about', () => {
    const components = toComponents(shipping, { ...noParameterValues(), body: { 1: 'Ana' }, buttons: { 1: 'X' } });
    expect(Object.fromEntries(parameterIssues(shipping, components))).toEqual({
      header: 'give a public link to the file',
      'body.2': 'must not be empty',
      'button.0': 'must not be empty',
    });
  });
});
