import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes text, doubles quotes, keeps numbers bare and empty cells empty, with CRLF rows and a BOM', () => {
    const csv = toCsv(
      ['Name', 'Count', 'Note'],
      [
        ['Ana "Nana" Souza', 3, null],
        ['Line\nbreak, comma', 0, 'ok'],
      ],
    );
    expect(csv).toBe('\uFEFF"Name","Count","Note"\r\n"Ana ""Nana"" Souza",3,\r\n"Line\nbreak, comma",0,"ok"\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    const csv = toCsv(['v'], [['=HYPERLINK("http://x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx'], ['safe = yes']]);
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://x"")"`,
      `"'+1"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"safe = yes"',
    ]);
  });
});
