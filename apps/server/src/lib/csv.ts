// The CSV rule lives in the contract, so the console's exports write the same cells as the server's.
export { type CsvCell, toCsv } from '@wac/contract/csv';
