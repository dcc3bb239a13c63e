// The bare client of bench/campaign-dispatch.ts: the same template sends a campaign makes (the server's own Cloud API
// client, one attempt each, the personalised body and biz_opaque_callback_data), to the same Graph imitation, in
// slices of the same size with the same number of slices in flight as the dispatcher, but nothing else: no database,
// no claim, no settle. Prints one JSON line with what it did.
// Usage: tsx bench/lib/bare-graph-sends.ts '{"graphUrl": ..., "accessToken": ..., "phoneNumberId": ..., ...}'
import { createCloudApiClient } from '../../apps/server/src/whatsapp/cloud-api-client.ts';
import { phonesOf } from './campaign-api.ts';

interface Spec {
  graphUrl: string;
  version: string;
  accessToken: string;
  phoneNumberId: string;
  template: string;
  language: string;
  phase: number;
  sends: number;
  slice: number;
  maxInFlight: number;
}

const spec = JSON.parse(process.argv[2] ?? '') as Spec;
const client = createCloudApiClient({
  baseUrl: spec.graphUrl,
  version: spec.version,
  accessToken: spec.accessToken,
  phoneNumberId: spec.phoneNumberId,
});
const phones = phonesOf(spec.phase, spec.sends);
let sent = 0;
let failed = 0;
let firstError = '';

async function sendSlice(from: number): Promise<void> {
  const outcomes = await Promise.allSettled(
    phones.slice(from, from + spec.slice).map((phone, i) =>
      client.sendTemplate(
        phone,
        spec.template,
        spec.language,
        [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: `Cust ${from + i}` },
              { type: 'text', text: `C${from + i}` },
            ],
          },
        ],
        { callbackData: `campaign:${900_000_000 + from + i}`, once: true },
      ),
    ),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') sent += 1;
    else {
      failed += 1;
      firstError ||= String(outcome.reason);
    }
  }
}

const t0 = performance.now();
const inFlight = new Set<Promise<void>>();
for (let from = 0; from < phones.length; from += spec.slice) {
  while (inFlight.size >= spec.maxInFlight) await Promise.race(inFlight);
  const work: Promise<void> = sendSlice(from).finally(() => inFlight.delete(work));
  inFlight.add(work);
}
await Promise.all(inFlight);
console.log(JSON.stringify({ sent, failed, firstError, seconds: (performance.now() - t0) / 1000 }));
