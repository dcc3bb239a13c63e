// Sentiment: how many customer messages a second the scorer labels, in this process (no database, no network), and how
// accurate it is on each labelled set: the UCI sentences shipped in the sentiment package (amazon, imdb, yelp; positive
// or negative only) and our own Spanish and Portuguese customer messages (positive, neutral, negative), the hold-out sets
// never used to change the scorer and the development sets it was fixed on.
// Run: npm run bench:sentiment [-- --seconds 2 --runs 3]
import { parseArgs } from 'node:util';
import {
  type LabelledSet,
  labelAccuracy,
  polarityAccuracy,
  referenceSets,
} from '../apps/server/src/modules/analytics/sentiment/accuracy.ts';
import { ownLabelledSet } from '../apps/server/src/modules/analytics/sentiment/labelled-sets/labelled-sentiment.ts';
import { scoreSentiment } from '../apps/server/src/modules/analytics/sentiment/score-sentiment.ts';
import { formatTable, machineLine } from './lib/processes.ts';
import { waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, summarize } from './lib/stats.ts';

const { values: args } = parseArgs({ options: { seconds: { type: 'string' }, runs: { type: 'string' } } });
const SECONDS = clamp(args.seconds ?? process.env.BENCH_SECONDS, 2, 0.2, 30);
const RUNS = clamp(args.runs ?? process.env.BENCH_RUNS, 3, 1, 10);

const sets: LabelledSet[] = [
  ...referenceSets(),
  { name: 'own Spanish development', language: 'es', messages: ownLabelledSet('es', 'development'), binary: false },
  { name: 'own Portuguese development', language: 'pt', messages: ownLabelledSet('pt', 'development'), binary: false },
];

const pct = (share: number) => share.toFixed(3);
console.log(machineLine());
console.log(
  formatTable(
    ['set', 'language', 'messages', 'label accuracy', 'polarity accuracy'],
    sets.map((set) => [
      set.name,
      set.language,
      String(set.messages.length),
      pct(labelAccuracy(set.messages)),
      set.binary ? pct(polarityAccuracy(set.messages)) : '-',
    ]),
  ),
);
console.log("label accuracy: the label must match (neutral is wrong on the UCI sets); polarity: the score's sign, 0 as negative.");

await waitForQuietMachineAndSay();
const texts = sets.flatMap((set) => set.messages.map((message) => message.text));
const rates: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  let scored = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k++) scoreSentiment(texts[scored++ % texts.length] as string);
  }
  const rate = scored / ((performance.now() - t0) / 1000);
  rates.push(rate);
  console.log(`run ${run}: ${Math.round(rate).toLocaleString('en')} messages/s`);
}
console.log(`median: ${Math.round(summarize(rates).p50).toLocaleString('en')} messages/s over ${texts.length} distinct texts`);
