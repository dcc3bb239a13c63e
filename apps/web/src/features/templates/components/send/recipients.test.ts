import { describe, expect, it } from 'vitest';
import { parseRecipients } from './recipients';

describe('parseRecipients', () => {
  it('takes one number per line or several separated by commas, each once, in their canonical form', () => {
    expect(parseRecipients('+44 7700 900123\n5511987654321, +55 (11) 98765-4321;\n\n 447700900124 ')).toEqual({
      phones: ['447700900123', '5511987654321', '447700900124'],
      invalid: [],
    });
  });

  it('keeps what is not a phone number as typed, to say so', () => {
    expect(parseRecipients('ana@example.com, 12, +447700900123')).toEqual({ phones: ['447700900123'], invalid: ['ana@example.com', '12'] });
    expect(parseRecipients('  \n , ')).toEqual({ phones: [], invalid: [] });
  });
});
