import { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import { type CsvCell, toCsv } from '../../lib/csv.ts';
import { recipientsAfter, variableNames } from './campaign-reports.repository.ts';
import type { RecipientRow } from './campaigns.repository.ts';

/** Rows read per query: the export holds one page at a time, however many recipients the campaign has. */
export const CSV_PAGE_SIZE = 1_000;

const FIXED_COLUMNS = [
  'Phone',
  'Name',
  'State',
  'Attempts',
  'WAMID',
  'Error code',
  'Error title',
  'Explanation',
  'Sent at',
  'Delivered at',
  'Read at',
  'Failed at',
];

/** A variable named like a fixed column ("name") is told apart, so every header says what its column holds. */
function variableHeader(key: string): string {
  return FIXED_COLUMNS.some((column) => column.toLowerCase() === key.toLowerCase()) ? `Variable ${key}` : key;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function rowOf(recipient: RecipientRow, variables: readonly string[]): CsvCell[] {
  const values = recipient.variables as Record<string, string>;
  return [
    recipient.phone,
    recipient.name,
    recipient.state,
    recipient.attempts,
    recipient.wamid,
    recipient.errorCode,
    recipient.errorTitle,
    recipient.errorDetails,
    iso(recipient.sentAt),
    iso(recipient.deliveredAt),
    iso(recipient.readAt),
    iso(recipient.failedAt),
    ...variables.map((key) => values[key] ?? null),
  ];
}

/** "Winter sale / UK" -> "Winter sale UK-recipients.csv": no path separators or characters a file system refuses. */
export function csvFilename(campaignId: number, name: string): string {
  const safe = name
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return `${safe || `campaign-${campaignId}`}-recipients.csv`;
}

/**
 * Every recipient of a campaign as CSV (lib/csv.ts: quoted, formula-safe, BOM), produced page by page as the client
 * reads it: the stream asks for the next page only when the previous one has been taken.
 */
export async function recipientsCsvStream(db: Db, campaignId: number): Promise<Readable> {
  const variables = await variableNames(db, campaignId);
  const header = [...FIXED_COLUMNS, ...variables.map(variableHeader)];
  // toCsv is the one encoder: a page is its output past the BOM and header line it always starts with.
  const preamble = toCsv(header, []);

  async function* lines() {
    yield preamble;
    let afterId = 0;
    for (;;) {
      const page = await recipientsAfter(db, campaignId, afterId, CSV_PAGE_SIZE);
      if (page.length === 0) return;
      yield toCsv(
        header,
        page.map((recipient) => rowOf(recipient, variables)),
      ).slice(preamble.length);
      afterId = page[page.length - 1]?.id ?? afterId;
      if (page.length < CSV_PAGE_SIZE) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
