import type { WebhookHealth } from '@wac/contract/whatsapp-channel';

/** Events waiting longer than this mean processing is not keeping up. */
export const OLD_WAITING_SECONDS = 60;

const units: [name: string, seconds: number][] = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
];

/** "45 s", "3 min 5 s", "2 h 10 min", "3 d 4 h": the two largest units are plenty for an age. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const i = units.findIndex(([, size]) => seconds >= size);
  const unit = units[i];
  if (!unit) return '0 s';
  const text = `${Math.floor(seconds / unit[1])} ${unit[0]}`;
  const next = units[i + 1];
  const rest = next ? Math.floor((seconds % unit[1]) / next[1]) : 0;
  return next && rest > 0 ? `${text} ${rest} ${next[0]}` : text;
}

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
  if (health.failed > 0) {
    problems.push(`${health.failed} ${health.failed === 1 ? 'event' : 'events'} failed processing and will not be retried.`);
  }
  return problems;
}
