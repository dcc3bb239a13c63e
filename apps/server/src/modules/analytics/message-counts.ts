import type { SendCounts } from '@wac/contract/analytics';
import type { KeyCount } from './rollups.repository.ts';

/*
 * The messages measure counts messages per key `direction:type:status:sender` (sender: customer, agent, bot, campaign,
 * api); a status is the furthest the message got.
 */

export interface MessageKey {
  direction: string;
  type: string;
  status: string;
  sender: string;
}

export function parseMessageKey(key: string): MessageKey {
  const [direction = '', type = '', status = '', sender = ''] = key.split(':');
  return { direction, type, status, sender };
}

const ACCEPTED = new Set(['sent', 'delivered', 'read']);
const REACHED = new Set(['delivered', 'read']);

export const noSends = (): SendCounts => ({ total: 0, sent: 0, delivered: 0, read: 0, failed: 0 });

/** Adds `count` messages of `status` to sends: sent counts sent, delivered and read; delivered counts delivered and read. */
export function addSends(into: SendCounts, status: string, count: number): void {
  into.total += count;
  if (ACCEPTED.has(status)) into.sent += count;
  if (REACHED.has(status)) into.delivered += count;
  if (status === 'read') into.read += count;
  if (status === 'failed') into.failed += count;
}

/** The sends among message counters that `which` picks (template messages, a campaign's, ...). */
export function sendsOf(counts: readonly KeyCount[], which: (key: MessageKey) => boolean): SendCounts {
  const sends = noSends();
  for (const row of counts) {
    const key = parseMessageKey(row.key);
    if (key.direction === 'outbound' && which(key)) addSends(sends, key.status, row.count);
  }
  return sends;
}
