/**
 * Contact lists for bulk campaigns, from an uploaded CSV or a JSON body: phones normalised to the one canonical
 * wa_id, duplicates merged, and every bad row reported with its line so people can fix the file. No database here:
 * the caller stores the batches.
 */

import { pipeline, Readable } from 'node:stream';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { parseCustomerAddress } from '@wac/contract/whatsapp-user-id';
import { CsvError, parse } from 'csv-parse';

export interface ContactMapping {
  /** The column holding the phone number (required). */
  phone: string;
  /** The column holding the contact's name, if any. */
  name?: string;
  /** Template variable name -> column. Columns not mapped are ignored when a mapping is given. */
  variables?: Record<string, string>;
}

export interface ImportedContact {
  /** '+' and the E.164 digits, or the BSUID of a customer known by no number. */
  phone: string;
  /** The E.164 digits (Brazil's ninth digit included) or the BSUID: the key contacts are stored and deduplicated by. */
  waId: string;
  name: string | null;
  /** Only the variables that have a value. */
  variables: Record<string, string>;
  line: number;
}

export interface ImportRowError {
  line: number;
  reason: string;
}

export interface ImportBatch {
  contacts: ImportedContact[];
  errors: ImportRowError[];
  /** duplicates merged into an earlier row of the same import */
  merged: number;
  /** How far into the input the import has got (the file's last line read; for JSON, the rows read): a running total, not per batch. */
  linesRead: number;
}

export const contactImportLimits = Object.freeze({
  maxRows: 100_000,
  maxColumns: 50,
  maxValueLength: 1024,
  maxNameLength: 100,
  maxVariableNameLength: 60,
});

const { maxColumns, maxNameLength, maxValueLength, maxVariableNameLength } = contactImportLimits;
const DEFAULT_BATCH_SIZE = 1000;

/** A row's values, trimmed, before its phone and name are checked. */
interface RowValues {
  phone: string;
  name: string;
  variables: Record<string, string>;
}

/** A whole import refused (not a CSV, no phone column, too many rows...): the caller's bad input, said in these words. */
export class ContactImportError extends Error {}

/** Collects the rows of one import into batches; the duplicates it merges are found across all of them. */
class ContactBatches {
  /** wa_id -> the contact it became, or null once handed out in an earlier batch (it can no longer change). */
  private readonly seen = new Map<string, ImportedContact | null>();
  private batch: ImportBatch = emptyBatch();
  private rows = 0;
  private readonly batchSize: number;
  private readonly maxRows: number;

  constructor(batchSize: number, maxRows: number) {
    this.batchSize = batchSize;
    this.maxRows = maxRows;
  }

  /** A row, or the reason it was refused for its shape. */
  add(line: number, row: RowValues | string): void {
    if (++this.rows > this.maxRows) throw tooManyRows(this.maxRows);
    const contact = typeof row === 'string' ? row : contactOf(line, row);
    if (typeof contact === 'string') {
      this.batch.errors.push({ line, reason: contact });
      return;
    }
    const first = this.seen.get(contact.waId);
    if (first === undefined) {
      this.seen.set(contact.waId, contact);
      this.batch.contacts.push(contact);
      return;
    }
    this.batch.merged++;
    if (first === null) return;
    first.name ??= contact.name;
    for (const [key, value] of Object.entries(contact.variables)) {
      if (!Object.hasOwn(first.variables, key)) first.variables[key] = value;
    }
  }

  get full(): boolean {
    return this.batch.contacts.length >= this.batchSize;
  }

  get pending(): boolean {
    const { contacts, errors, merged } = this.batch;
    return contacts.length > 0 || errors.length > 0 || merged > 0;
  }

  take(linesRead: number): ImportBatch {
    const batch = this.batch;
    batch.linesRead = linesRead;
    for (const contact of batch.contacts) this.seen.set(contact.waId, null);
    this.batch = emptyBatch();
    return batch;
  }
}

/** The contact a row makes, or why it cannot be one. */
function contactOf(line: number, row: RowValues): ImportedContact | string {
  if (row.phone === '') return 'Phone is missing';
  const address = parseCustomerAddress(row.phone);
  if (address === null) return `"${row.phone.slice(0, 40)}" is not a phone number or a WhatsApp user ID`;
  if (row.name.length > maxNameLength) return `Name is longer than ${maxNameLength} characters`;
  const name = row.name === '' ? null : row.name;
  if (address.phone === null) return { phone: address.bsuid, waId: address.bsuid, name, variables: row.variables, line };
  return { phone: formatE164(address.phone), waId: address.phone, name, variables: row.variables, line };
}

function emptyBatch(): ImportBatch {
  return { contacts: [], errors: [], merged: 0, linesRead: 0 };
}

function tooManyRows(maxRows: number): Error {
  return new Error(`The file has more than ${maxRows.toLocaleString('en-US')} rows`);
}

// ---------------------------------------------------------------------------------------------------- CSV

const NOT_CSV = 'The file is not a CSV file';
/** Bytes checked for binary content (an image, a ZIP such as an .xlsx, a UTF-16 text with its NUL bytes). */
const SNIFF_BYTES = 1024;
/** Enough for any real header line; the delimiter is guessed from what is there by then. */
const MAX_HEAD_BYTES = 64 * 1024;
const LINE_BREAK = /\r\n|\r|\n/g;

interface CsvRecord {
  values: string[];
  /** The line the record starts on (a quoted value may span lines). */
  line: number;
  endLine: number;
}

/** Where each mapped value sits in a row. */
interface Fields {
  width: number;
  phone: number;
  name: number;
  variables: { name: string; column: string; index: number }[];
}

/** Streams a CSV (first line = header) in batches of `batchSize` (default 1000) good contacts. */
export async function* readContactsCsv(
  input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>,
  options: { mapping?: ContactMapping; batchSize?: number; maxRows?: number } = {},
): AsyncGenerator<ImportBatch> {
  const batches = new ContactBatches(options.batchSize ?? DEFAULT_BATCH_SIZE, options.maxRows ?? contactImportLimits.maxRows);
  let fields: Fields | undefined;
  let linesRead = 0;
  for await (const record of csvRecords(input)) {
    linesRead = record.endLine;
    if (fields === undefined) {
      fields = fieldsOf(headerColumns(record.values), options.mapping);
      continue;
    }
    batches.add(record.line, csvRow(record.values, fields));
    if (batches.full) yield batches.take(linesRead);
  }
  if (batches.pending) yield batches.take(linesRead);
}

/** For the console's mapping step: the header, the first `sampleRows` (default 5) rows as arrays of strings, and a suggested mapping. Reads only the beginning of the input. */
export async function previewCsv(
  input: Buffer | string,
  sampleRows = 5,
): Promise<{ columns: string[]; rows: string[][]; suggested: ContactMapping | null }> {
  let columns: string[] | undefined;
  const rows: string[][] = [];
  for await (const { values } of csvRecords(inChunks(input))) {
    if (columns === undefined) columns = headerColumns(values);
    else rows.push(values.map((value) => value.trim()));
    if (rows.length >= sampleRows) break;
  }
  return { columns: columns ?? [], rows, suggested: columns ? suggestMapping(columns) : null };
}

/**
 * The records of a CSV with their line numbers, blank ones left out. The delimiter is guessed from the header line.
 * Lines are counted here rather than taken from csv-parse's `info.lines`, which is the line a record ends on and
 * counts a CRLF inside a quoted value twice.
 */
async function* csvRecords(input: AsyncIterable<Buffer | string>): AsyncGenerator<CsvRecord> {
  const chunks = input[Symbol.asyncIterator]();
  const head = await readHead(chunks);
  if (head.length === 0) return;
  if (looksBinary(head)) {
    await chunks.return?.();
    throw new ContactImportError(NOT_CSV);
  }
  const parser = parse({ delimiter: detectDelimiter(head), bom: true, trim: true, relax_quotes: true, relax_column_count: true });
  // A failing input destroys the parser, so its error comes out of the loop below; leaving the loop early stops the input.
  pipeline(Readable.from(withHead(head, chunks)), parser, () => {});
  let line = 1;
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      const start = line;
      line += 1 + lineBreaks(values);
      if (!isBlank(values)) yield { values, line: start, endLine: line - 1 };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ContactImportError(`The file is not a valid CSV file: ${error.message}`);
    throw error;
  }
}

/** Reads until the first KB and the first line break are in, so the file can be sniffed and its delimiter guessed. */
async function readHead(chunks: AsyncIterator<Buffer | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  let sawLineBreak = false;
  while (size < MAX_HEAD_BYTES && (size < SNIFF_BYTES || !sawLineBreak)) {
    const next = await chunks.next();
    if (next.done) break;
    const part = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    parts.push(part);
    size += part.length;
    sawLineBreak ||= part.includes(0x0a) || part.includes(0x0d);
  }
  return Buffer.concat(parts);
}

async function* withHead(head: Buffer, rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer | string> {
  yield head;
  // Delegating hands a return() on to the input, so stopping early closes it.
  yield* { [Symbol.asyncIterator]: () => rest };
}

async function* inChunks(input: Buffer | string): AsyncGenerator<Buffer> {
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  for (let i = 0; i < bytes.length; i += MAX_HEAD_BYTES) yield bytes.subarray(i, i + MAX_HEAD_BYTES);
}

/** Control characters other than tab, line feed, form feed and carriage return do not occur in text. */
function looksBinary(head: Buffer): boolean {
  const end = Math.min(head.length, SNIFF_BYTES);
  for (let i = 0; i < end; i++) {
    const byte = head[i]!;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return true;
  }
  return false;
}

/** Excel writes `;` in locales where the comma is the decimal separator, and "Text (tab delimited)" writes tabs. */
function detectDelimiter(head: Buffer): string {
  const header = (head.toString('utf8').split(/\r|\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (delimiter: string) => header.split(delimiter).length - 1;
  let best = ',';
  for (const delimiter of [';', '\t']) if (count(delimiter) > count(best)) best = delimiter;
  return best;
}

function lineBreaks(values: string[]): number {
  let breaks = 0;
  for (const value of values) {
    if (value.includes('\n') || value.includes('\r')) breaks += value.match(LINE_BREAK)!.length;
  }
  return breaks;
}

/** Empty lines, and rows of empty cells such as the `;;;` Excel leaves under a table. */
function isBlank(values: string[]): boolean {
  for (const value of values) if (value.trim() !== '') return false;
  return true;
}

function headerColumns(values: string[]): string[] {
  if (values.length > maxColumns) throw new ContactImportError(`The file has more than ${maxColumns} columns`);
  return values.map((value) => value.trim());
}

function fieldsOf(columns: string[], mapping: ContactMapping | undefined): Fields {
  const chosen = mapping ?? suggestMapping(columns);
  if (!chosen) throw new ContactImportError('No phone column found: map one of the columns to phone');
  const indexOf = (column: string) => {
    const index = columns.indexOf(column);
    if (index === -1) throw new ContactImportError(`Column "${column}" is not in the file`);
    return index;
  };
  const phone = indexOf(chosen.phone);
  const name = chosen.name === undefined ? -1 : indexOf(chosen.name);
  const variables = Object.entries(chosen.variables ?? {}).map(([variable, column]) => {
    if (variable.length > maxVariableNameLength) {
      throw new ContactImportError(`Variable name "${variable}" is longer than ${maxVariableNameLength} characters`);
    }
    return { name: variable, column, index: indexOf(column) };
  });
  return { width: columns.length, phone, name, variables };
}

function csvRow(values: string[], fields: Fields): RowValues | string {
  for (let i = fields.width; i < values.length; i++) {
    // Empty cells past the header's last column are what a stray trailing delimiter leaves: harmless.
    if (values[i]!.trim() !== '') return 'The row has more columns than the header';
  }
  const variables: Record<string, string> = {};
  for (const variable of fields.variables) {
    const value = cell(values, variable.index);
    if (value.length > maxValueLength) return `${variable.column} is longer than ${maxValueLength} characters`;
    if (value !== '') variables[variable.name] = value;
  }
  return { phone: cell(values, fields.phone), name: fields.name === -1 ? '' : cell(values, fields.name), variables };
}

/** csv-parse trims around quotes, not inside them. */
function cell(values: string[], index: number): string {
  return (values[index] ?? '').trim();
}

const PHONE_HEADERS = [
  'phone',
  'phonenumber',
  'mobile',
  'mobilenumber',
  'whatsapp',
  'whatsappnumber',
  'number',
  'msisdn',
  'tel',
  'telephone',
];
const NAME_HEADERS = ['name', 'fullname', 'contactname', 'customername'];

/** Phone and name from the usual headers (the likeliest first), every other column a variable named after it. */
function suggestMapping(columns: string[]): ContactMapping | null {
  const keys = columns.map((column) => column.toLowerCase().replace(/[\s_]+/g, ''));
  const find = (candidates: string[]) => candidates.map((candidate) => keys.indexOf(candidate)).find((index) => index !== -1) ?? -1;
  const phone = find(PHONE_HEADERS);
  if (phone === -1) return null;
  const name = find(NAME_HEADERS);
  const variables: Record<string, string> = {};
  columns.forEach((column, index) => {
    const variable = variableName(column);
    if (index !== phone && index !== name && variable !== '' && !Object.hasOwn(variables, variable)) variables[variable] = column;
  });
  const mapping: ContactMapping = { phone: columns[phone]!, variables };
  if (name !== -1) mapping.name = columns[name]!;
  return mapping;
}

/** "Order No." -> "order_no": the lowercase letters, digits and underscores template variables are named with. */
function variableName(column: string): string {
  return column
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, maxVariableNameLength);
}

// ---------------------------------------------------------------------------------------------------- JSON

/** Same rules for a JSON array already parsed: [{ phone, name?, variables? }] ; line = index + 1. */
export function* readContactsJson(
  rows: readonly unknown[],
  options: { batchSize?: number; maxRows?: number } = {},
): Generator<ImportBatch> {
  const maxRows = options.maxRows ?? contactImportLimits.maxRows;
  if (rows.length > maxRows) throw tooManyRows(maxRows);
  const batches = new ContactBatches(options.batchSize ?? DEFAULT_BATCH_SIZE, maxRows);
  for (const [index, row] of rows.entries()) {
    batches.add(index + 1, jsonRow(row));
    if (batches.full) yield batches.take(index + 1);
  }
  if (batches.pending) yield batches.take(rows.length);
}

function jsonRow(row: unknown): RowValues | string {
  if (!isObject(row)) return 'Row is not an object';
  const { phone, name, variables } = row;
  if (phone !== undefined && phone !== null && typeof phone !== 'string' && typeof phone !== 'number') {
    return 'Phone must be text or a number';
  }
  if (name !== undefined && name !== null && typeof name !== 'string') return 'Name must be text';
  if (variables !== undefined && variables !== null && !isObject(variables)) return 'Variables must be an object';
  const entries = Object.entries(variables ?? {});
  if (entries.length > maxColumns) return `The row has more than ${maxColumns} variables`;
  const values: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number') return `Variable "${key}" must be text or a number`;
    if (key.length > maxVariableNameLength) return `Variable name "${key.slice(0, 40)}" is longer than ${maxVariableNameLength} characters`;
    const text = String(value).trim();
    if (text.length > maxValueLength) return `${key} is longer than ${maxValueLength} characters`;
    if (text !== '') values[key] = text;
  }
  return { phone: String(phone ?? '').trim(), name: (name ?? '').trim(), variables: values };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
