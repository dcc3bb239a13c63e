import { describe, expect, it } from 'vitest';
import { contentDisposition, parseByteRange } from './file-response.ts';

describe('parseByteRange', () => {
  it('reads the single ranges browsers send when seeking', () => {
    expect(parseByteRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers the whole file for no header, other units, several ranges or bad syntax', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=a-b', 'bytes=20-10']) {
      expect(parseByteRange(header, 100)).toBeNull();
    }
  });

  it('says when a range lies past the end', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Relatório "final" (1).pdf')).toBe(
      `attachment; filename="Relat_rio _final_ (1).pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', null)).toBe('inline');
  });
});
