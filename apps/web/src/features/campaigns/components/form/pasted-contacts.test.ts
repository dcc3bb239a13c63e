import { describe, expect, it } from 'vitest';
import { parsePastedContacts, pastedLine } from './pasted-contacts';

describe('pasted contacts', () => {
  it('reads one "phone,name" per line, skipping blank lines but keeping their numbers for the errors', () => {
    const pasted = parsePastedContacts('+44 7700 900123, Ana Lima\n\n5511987654321\n447700900124;Rui, Jr\t\n');
    expect(pasted.contacts).toEqual([
      { phone: '+44 7700 900123', name: 'Ana Lima' },
      { phone: '5511987654321' },
      { phone: '447700900124', name: 'Rui, Jr' },
    ]);
    expect(pasted.lines).toEqual([1, 3, 4]);
    expect(pastedLine(pasted, 2)).toBe(3);
  });
});
