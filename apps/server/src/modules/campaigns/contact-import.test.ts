import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type ContactMapping, type ImportBatch, previewCsv, readContactsCsv, readContactsJson } from './contact-import.ts';

/** Small chunks, so the header, a BOM or a quoted value can be split between two of them as in a real upload. */
function upload(content: string | Buffer, chunkSize = 7): Readable {
  const bytes = Buffer.from(content);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

async function importCsv(
  content: string | Buffer,
  options: { mapping?: ContactMapping; batchSize?: number; maxRows?: number } = {},
): Promise<ImportBatch[]> {
  const batches: ImportBatch[] = [];
  for await (const batch of readContactsCsv(upload(content), options)) batches.push(batch);
  return batches;
}

describe('readContactsCsv', () => {
  it('maps the usual headers itself, with a BOM, `;` and CRLF as Excel writes them', async () => {
    const csv =
      '\uFEFFPhone Number;Full Name;City;Order No.\r\n+55 11 98765-4321;Ana Souza;São Paulo;A-1\r\n+55 (21) 8765-4321;Bruno;Rio;\r\n';
    expect(await importCsv(csv)).toEqual([
      {
        contacts: [
          {
            phone: '+5511987654321',
            waId: '5511987654321',
            name: 'Ana Souza',
            variables: { city: 'São Paulo', order_no: 'A-1' },
            line: 2,
          },
          // Brazil's ninth digit added, and the empty order number left out.
          { phone: '+5521987654321', waId: '5521987654321', name: 'Bruno', variables: { city: 'Rio' }, line: 3 },
        ],
        errors: [],
        merged: 0,
        linesRead: 3,
      },
    ]);
  });

  it('reads tab-separated files and quoted values holding the delimiter, and trims values', async () => {
    const tabs = await importCsv('mobile\tcontact_name\n  +1 415 555 0100 \t" Lee, Ann "\n');
    expect(tabs[0]?.contacts).toEqual([{ phone: '+14155550100', waId: '14155550100', name: 'Lee, Ann', variables: {}, line: 2 }]);

    const commas = await importCsv('Customer Name,WhatsApp_Number,Notes\n"Lee; Ann",+44 7700 900123,"a, b"\n');
    expect(commas[0]?.contacts).toEqual([
      { phone: '+447700900123', waId: '447700900123', name: 'Lee; Ann', variables: { notes: 'a, b' }, line: 2 },
    ]);
  });

  it('prefers the likelier phone header when several could be the phone', async () => {
    const [batch] = await importCsv('Number,Mobile,Name\n12345,+1 415 555 0100,Ann\n');
    expect(batch?.contacts).toEqual([{ phone: '+14155550100', waId: '14155550100', name: 'Ann', variables: { number: '12345' }, line: 2 }]);
  });

  it('follows an explicit mapping and ignores the columns it leaves out', async () => {
    const csv = 'Tel,Who,Due,Amount,Internal\n+1 415 555 0100,Ann,2025-01-31,12.50,secret\n+1 415 555 0101,,,7,secret\n';
    const mapping = { phone: 'Tel', name: 'Who', variables: { due_date: 'Due', total: 'Amount' } };
    expect((await importCsv(csv, { mapping }))[0]?.contacts).toEqual([
      { phone: '+14155550100', waId: '14155550100', name: 'Ann', variables: { due_date: '2025-01-31', total: '12.50' }, line: 2 },
      { phone: '+14155550101', waId: '14155550101', name: null, variables: { total: '7' }, line: 3 },
    ]);
  });

  it('refuses a mapping naming a column the file does not have, naming the first one missing', async () => {
    const csv = 'Tel,Who\n+1 415 555 0100,Ann\n';
    await expect(importCsv(csv, { mapping: { phone: 'Tel', name: 'Name', variables: { x: 'Nope' } } })).rejects.toThrow(
      new Error('Column "Name" is not in the file'),
    );
    await expect(importCsv(csv, { mapping: { phone: 'Phone' } })).rejects.toThrow(new Error('Column "Phone" is not in the file'));
  });

  it('asks for a mapping when no column looks like a phone', async () => {
    await expect(importCsv('Name,City\nAnn,Rio\n')).rejects.toThrow(new Error('No phone column found: map one of the columns to phone'));
  });

  it('reports each bad row with the line it starts on and keeps the good ones', async () => {
    const csv = [
      'phone,name,note', // 1
      '+1 415 555 0100,Ann,"two', // 2: a quoted value over three lines
      'more',
      'lines"',
      '', // 5: blank
      ',Bob,', // 6
      'call me,Cy,', // 7
      `+1 415 555 0102,${'N'.repeat(101)},`, // 8
      `+1 415 555 0103,Di,${'x'.repeat(1025)}`, // 9
      '+1 415 555 0104,Ed,ok,extra', // 10
      '+1 415 555 0105,Flo,ok,,', // 11: empty cells past the header are fine
      ',,', // 12: an empty row, skipped
      `${'9'.repeat(50)},Gus,`, // 13
      '+1 415 555 0106,Hal,"a\r\nb"', // 14: CRLF inside quotes is one line break
      'x,Ivy,', // 16
    ].join('\n');
    const [batch, ...rest] = await importCsv(csv);
    expect(rest).toEqual([]);
    expect(batch?.errors).toEqual([
      { line: 6, reason: 'Phone is missing' },
      { line: 7, reason: '"call me" is not a phone number or a WhatsApp user ID' },
      { line: 8, reason: 'Name is longer than 100 characters' },
      { line: 9, reason: 'note is longer than 1024 characters' },
      { line: 10, reason: 'The row has more columns than the header' },
      { line: 13, reason: `"${'9'.repeat(40)}" is not a phone number or a WhatsApp user ID` },
      { line: 16, reason: '"x" is not a phone number or a WhatsApp user ID' },
    ]);
    expect(batch?.contacts.map((c) => [c.line, c.waId, c.name, c.variables])).toEqual([
      [2, '14155550100', 'Ann', { note: 'two\nmore\nlines' }],
      [11, '14155550105', 'Flo', { note: 'ok' }],
      [14, '14155550106', 'Hal', { note: 'a\r\nb' }],
    ]);
    expect(batch?.linesRead).toBe(16);
  });

  it('merges a repeated phone into its first row, filling only what that row lacks', async () => {
    const csv = [
      'phone,name,city,plan',
      '+1 415 555 0100,,Rio,',
      '14155550100,Ann,Lima,pro', // same number written another way
      '+1 415 555 0101,Bob,,',
      '001 415 555 0100,Zed,,gold',
    ].join('\n');
    expect(await importCsv(csv)).toEqual([
      {
        contacts: [
          { phone: '+14155550100', waId: '14155550100', name: 'Ann', variables: { city: 'Rio', plan: 'pro' }, line: 2 },
          { phone: '+14155550101', waId: '14155550101', name: 'Bob', variables: {}, line: 4 },
        ],
        errors: [],
        merged: 2,
        linesRead: 5,
      },
    ]);
  });

  it('yields batches of batchSize and drops a repeat of a contact already handed out in an earlier batch', async () => {
    const csv = [
      'phone,name,city',
      '+1 415 555 0100,,',
      '+1 415 555 0101,Bob,',
      '+1 415 555 0100,Ann,Rio', // its first row is in the batch already yielded
      'bad,Cy,',
      '+1 415 555 0102,Di,',
      '+1 415 555 0101,,Lima',
      '+1 415 555 0103,Ed,',
    ].join('\n');
    const batches = await importCsv(csv, { batchSize: 2 });
    expect(batches.map((b) => b.contacts.map((c) => [c.line, c.name, c.variables]))).toEqual([
      [
        [2, null, {}],
        [3, 'Bob', {}],
      ],
      [
        [6, 'Di', {}],
        [8, 'Ed', {}],
      ],
    ]);
    expect(batches.map((b) => [b.merged, b.errors, b.linesRead])).toEqual([
      [0, [], 3],
      [2, [{ line: 5, reason: '"bad" is not a phone number or a WhatsApp user ID' }], 8],
    ]);
  });

  it('stops at more than maxRows data rows, blank lines not counted', async () => {
    const rows = ['phone', '+1 415 555 0100', '', '+1 415 555 0101', '+1 415 555 0102'];
    expect((await importCsv(rows.join('\n'), { maxRows: 3 }))[0]?.contacts).toHaveLength(3);
    await expect(importCsv([...rows, 'bad'].join('\n'), { maxRows: 3 })).rejects.toThrow(new Error('The file has more than 3 rows'));
  });

  it('refuses binary files and closes the upload', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x06\x00'), Buffer.from('[Content_Types].xml')]);
    const withNul = Buffer.from(`phone,name\n${'+1 415 555 0100,Ann\n'.repeat(20)}\0\n`);
    for (const file of [png, xlsx, withNul]) {
      // Longer than what is sniffed, so the upload is still open when the importer gives up.
      const stream = upload(Buffer.concat([file, Buffer.alloc(200_000, 'A')]), 1024);
      await expect(readContactsCsv(stream).next()).rejects.toThrow(new Error('The file is not a CSV file'));
      expect(stream.destroyed).toBe(true);
    }
  });

  it('refuses more than 50 columns', async () => {
    const header = (n: number) => ['phone', ...Array.from({ length: n - 1 }, (_, i) => `c${i}`)].join(',');
    await expect(importCsv(`${header(51)}\n+1 415 555 0100\n`)).rejects.toThrow(new Error('The file has more than 50 columns'));
    const [batch] = await importCsv(`${header(50)}\n+1 415 555 0100,x\n`);
    expect(batch?.contacts.map((c) => c.variables)).toEqual([{ c0: 'x' }]);
  });

  it('yields nothing for an empty file or a header alone', async () => {
    expect(await importCsv('')).toEqual([]);
    expect(await importCsv('\uFEFFphone,name\r\n\r\n')).toEqual([]);
  });

  it('turns a malformed file into one plain error', async () => {
    await expect(importCsv('phone,name\n+1 415 555 0100,"Ann\n')).rejects.toThrow(/^The file is not a valid CSV file: Quote Not Closed/);
  });

  it('closes the upload when the caller stops reading early', async () => {
    const stream = upload(
      `phone\n${Array.from({ length: 10_000 }, (_, i) => `+1 415 555 ${String(i).padStart(4, '0')}`).join('\n')}`,
      1024,
    );
    for await (const batch of readContactsCsv(stream, { batchSize: 5 })) {
      expect(batch.contacts).toHaveLength(5);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
  });
});

describe('readContactsJson', () => {
  it('applies the same rules to rows already parsed, line = index + 1', () => {
    const rows = [
      { phone: '+1 415 555 0100', name: ' Ann ', variables: { plan: 'pro', seats: 3, empty: '' } },
      { phone: 14155550101 },
      'not a row',
      null,
      [],
      { name: 'No phone' },
      { phone: true },
      { phone: 'nope' },
      { phone: '+1 415 555 0102', name: 7 },
      { phone: '+1 415 555 0102', variables: ['a'] },
      { phone: '+1 415 555 0102', variables: { a: { b: 1 } } },
      { phone: '+1 415 555 0102', variables: { a: 'x'.repeat(1025) } },
      { phone: '+1 415 555 0102', name: 'N'.repeat(101) },
      { phone: '14155550100', name: 'Later', variables: { plan: 'free', city: 'Rio' } },
    ];
    expect([...readContactsJson(rows)]).toEqual([
      {
        contacts: [
          { phone: '+14155550100', waId: '14155550100', name: 'Ann', variables: { plan: 'pro', seats: '3', city: 'Rio' }, line: 1 },
          { phone: '+14155550101', waId: '14155550101', name: null, variables: {}, line: 2 },
        ],
        errors: [
          { line: 3, reason: 'Row is not an object' },
          { line: 4, reason: 'Row is not an object' },
          { line: 5, reason: 'Row is not an object' },
          { line: 6, reason: 'Phone is missing' },
          { line: 7, reason: 'Phone must be text or a number' },
          { line: 8, reason: '"nope" is not a phone number or a WhatsApp user ID' },
          { line: 9, reason: 'Name must be text' },
          { line: 10, reason: 'Variables must be an object' },
          { line: 11, reason: 'Variable "a" must be text or a number' },
          { line: 12, reason: 'a is longer than 1024 characters' },
          { line: 13, reason: 'Name is longer than 100 characters' },
        ],
        merged: 1,
        linesRead: 14,
      },
    ]);
  });

  it('batches, and refuses more than maxRows rows before yielding any', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ phone: `+1 415 555 010${i}` }));
    expect([...readContactsJson(rows, { batchSize: 2 })].map((b) => [b.contacts.map((c) => c.line), b.linesRead])).toEqual([
      [[1, 2], 2],
      [[3, 4], 4],
      [[5], 5],
    ]);
    expect(() => readContactsJson(rows, { maxRows: 4 }).next()).toThrow(new Error('The file has more than 4 rows'));
    expect(() => readContactsJson(new Array(100_001).fill({ phone: '+1 415 555 0100' })).next()).toThrow(
      new Error('The file has more than 100,000 rows'),
    );
  });
});

describe('previewCsv', () => {
  it('gives the header, the first rows and a suggested mapping', async () => {
    const csv = '\uFEFFName;Phone;Plan Type\r\nAnn;+1 415 555 0100;pro\r\n\r\n" Bob ";bad;\r\nCy;+1 415 555 0102;free\r\n';
    expect(await previewCsv(csv, 2)).toEqual({
      columns: ['Name', 'Phone', 'Plan Type'],
      rows: [
        ['Ann', '+1 415 555 0100', 'pro'],
        ['Bob', 'bad', ''],
      ],
      suggested: { phone: 'Phone', name: 'Name', variables: { plan_type: 'Plan Type' } },
    });
  });

  it('reads only the beginning, so a problem further down does not stop it', async () => {
    const csv = `phone,city\n${'+1 415 555 0100,Rio\n'.repeat(20_000)}"never closed`;
    expect(await previewCsv(Buffer.from(csv))).toEqual({
      columns: ['phone', 'city'],
      rows: Array.from({ length: 5 }, () => ['+1 415 555 0100', 'Rio']),
      suggested: { phone: 'phone', variables: { city: 'city' } },
    });
    await expect(importCsv(csv)).rejects.toThrow(/Quote Not Closed/);
  });

  it('suggests nothing without a phone column, and refuses what is not a CSV', async () => {
    expect(await previewCsv('Name,City\nAnn,Rio\n')).toEqual({ columns: ['Name', 'City'], rows: [['Ann', 'Rio']], suggested: null });
    expect(await previewCsv('')).toEqual({ columns: [], rows: [], suggested: null });
    await expect(previewCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).rejects.toThrow(new Error('The file is not a CSV file'));
  });
});
