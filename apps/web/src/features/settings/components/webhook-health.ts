import type { WebhookHealth } from '@wac/contract/whatsapp-channel';
import { formatDuration } from '../../../lib/format-duration';

/** Events waiting longer than this mean processing is not keeping up. */
export const OLD_WAITING_SECONDS = 60;

/** What an admin should look at, in plain words; empty when all is well. */
export function webhookProblems(health: WebhookHealth): string[] {
  const problems: string[] = [];
  if (health.oldestWaitingSeconds !== null && health.oldestWaitingSeconds > OLD_WAITING_SECONDS) {
    problems.push(`Events have been waiting ${formatDuration(health.oldestWaitingSeconds)} to be processed.`);
  }
  if (health.signatureFailuresLast24h > 0) {
    const n = health.signatureFailuresLast24h;
    problems.push(
      `${n} ${n === 1 ? 'request' : 'requests'} with a wrong signature in the last 24 hours: check that the app secret matches Meta's.`,
    );
  }
  if (health.refusedLast24h > 0 && health.lastRefusal) {
    const n = health.refusedLast24h;
    problems.push(
      `${n} ${n === 1 ? 'item' : 'items'} of Meta's deliveries refused in the last 24 hours. Latest: ${health.lastRefusal.reason}.`,
    );
  }
  if (health.failed > 0) {
    problems.push(`${health.failed} ${health.failed === 1 ? 'event' : 'events'} failed processing and will not be retried.`);
  }
  return problems;
}
