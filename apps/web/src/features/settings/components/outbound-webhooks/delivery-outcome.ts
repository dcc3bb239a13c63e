import type { OutboundDelivery, OutboundWebhook } from '@wac/contract/outbound-webhooks';

/** How much of the receiver's answer a table cell shows; the whole (up to 2,000 characters) is in its title. */
export const ANSWER_EXCERPT_LENGTH = 80;

export function excerpt(text: string | null, length = ANSWER_EXCERPT_LENGTH): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

const statusText = (code: number | null) => (code === null ? 'no answer' : `HTTP ${code}`);

/** "Delivered, HTTP 200 in 84 ms" or "Failed, no answer in 10,000 ms: connect ECONNREFUSED". */
export function testOutcomeText(delivery: OutboundDelivery): string {
  const took = delivery.durationMs === null ? '' : ` in ${Math.round(delivery.durationMs).toLocaleString()} ms`;
  const ok = delivery.state === 'delivered';
  const why = !ok && delivery.response ? `: ${excerpt(delivery.response, 160)}` : '';
  return `${ok ? 'Delivered' : 'Failed'}, ${statusText(delivery.statusCode)}${took}${why}`;
}

export function lastDeliveryText(last: OutboundWebhook['lastDelivery']): string {
  if (!last) return 'No deliveries yet';
  return `${last.ok ? 'Delivered' : 'Failed'}, ${statusText(last.statusCode)}`;
}
