// Reads what the `duplicates` command prints for a whole tree (see /work/.library/duplicates/README.md): its header
// line, a row a pair (`D1 a.ts:10-24 ~ b.ts:40-54 shape boilerplate (+3 more runs)`, boilerplate rows last) and the
// `(+N more pairs)` line where --most cut the list.
import { isTestPath } from './source-graph.ts';

export interface DuplicatePair {
  a: string;
  b: string;
  /** As printed: `a.ts:10-24 ~ b.ts:40-54`. */
  places: string;
  boilerplate: boolean;
}

export interface DuplicateReport {
  /** All pairs the command found, listed or not. */
  pairs: number;
  /** Of those, how many it marked boilerplate. */
  boilerplate: number;
  listed: DuplicatePair[];
  /** `left out:` and `incomplete:` lines, as printed. */
  notes: string[];
}

const ROW = /^D\d+ (\S+):\d+-\d+ ~ (\S+):\d+-\d+(.*)$/;

export function parseDuplicates(output: string): DuplicateReport {
  const lines = output.split('\n');
  const header = lines[0] ?? '';
  const pairs = Number(/^(\d+) pairs? of places/.exec(header)?.[1] ?? 0);
  const boilerplate = Number(/(\d+) of those marked boilerplate/.exec(header)?.[1] ?? 0);
  const listed: DuplicatePair[] = [];
  for (const line of lines) {
    const row = ROW.exec(line);
    if (row) {
      const [, a, b, flags] = row as unknown as [string, string, string, string];
      listed.push({ a, b, places: line.split(' ').slice(1, 4).join(' '), boilerplate: /\bboilerplate\b/.test(flags) });
    }
  }
  const notes = lines.filter((l) => /^(left out|incomplete):/.test(l));
  return { pairs, boilerplate, listed, notes };
}

/** Tests (isTestPath) and the e2e/ and bench/ trees. */
export const isTestOrBench = (file: string) => isTestPath(file) || /^(e2e|bench)\//.test(file);

export interface CountedPairs {
  pairs: DuplicatePair[];
  /** False when --most cut rows that were not boilerplate (rows list boilerplate last), so `pairs` is a lower bound. */
  complete: boolean;
}

/** The pairs neither of whose sides is a test or a benchmark and that are not marked boilerplate. */
export function pairsOutsideTests(report: DuplicateReport): CountedPairs {
  const notBoilerplate = report.listed.filter((p) => !p.boilerplate);
  return {
    pairs: notBoilerplate.filter((p) => !isTestOrBench(p.a) && !isTestOrBench(p.b)),
    complete: notBoilerplate.length >= report.pairs - report.boilerplate,
  };
}
