import { describe, expect, it } from 'vitest';
import { initialMapping, mappingProblem, uploadMapping } from './csv-mapping';

const preview = {
  columns: ['Mobile', 'Full name', 'Order No.', 'City'],
  suggested: { phone: 'Mobile', name: 'Full name', variables: { order_no: 'Order No.', city: 'City' } },
};

describe('the contacts mapping', () => {
  it('starts from the server’s suggestion, with a column for each placeholder that is not the contact’s own', () => {
    expect(initialMapping(preview, ['name', 'order_no', 'coupon'])).toEqual({
      phone: 'Mobile',
      name: 'Full name',
      variables: { order_no: 'Order No.', coupon: '' },
    });
  });

  it('matches a placeholder to a column named like it when the server suggested nothing', () => {
    expect(initialMapping({ columns: ['tel', 'City'], suggested: null }, ['city', 'phone'])).toEqual({
      phone: '',
      name: '',
      variables: { city: 'City' },
    });
  });

  it('asks for the phone column and for each placeholder’s column', () => {
    expect(mappingProblem({ phone: '', name: '', variables: {} })).toBe('Choose the column that holds the phone numbers');
    expect(mappingProblem({ phone: 'Mobile', name: '', variables: { coupon: '' } })).toMatch(/^Choose a column for \{\{coupon\}\}/);
    expect(mappingProblem({ phone: 'Mobile', name: '', variables: { coupon: 'City' } })).toBeNull();
  });

  it('uploads the columns chosen and keeps the other columns as variables named after them', () => {
    expect(uploadMapping({ phone: 'Mobile', name: '', variables: { coupon: 'City' } }, preview.suggested)).toEqual({
      phone: 'Mobile',
      variables: { order_no: 'Order No.', city: 'City', coupon: 'City' },
    });
    expect(uploadMapping({ phone: 'Mobile', name: 'Full name', variables: {} }, null)).toEqual({ phone: 'Mobile', name: 'Full name' });
  });
});
