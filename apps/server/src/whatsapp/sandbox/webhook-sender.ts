import type { FastifyBaseLogger } from 'fastify';
import { signPayload } from '../webhook-signature.ts';

export interface WebhookSenderOptions {
  url: string;
  appSecret: string;
  log: FastifyBaseLogger;
  /** Waits between tries when the webhook does not answer 200, as Meta keeps retrying. */
  retryDelaysMs?: number[];
}

/** Posts payloads to the server's webhook over real HTTP, signed with the app secret as Meta does. */
export function createWebhookSender({ url, appSecret, log, retryDelaysMs = [250, 1000, 3000] }: WebhookSenderOptions) {
  // Each pending timer with what to run if the sandbox closes first (end a wait, drop a task).
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closed = false;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  async function postOnce(body: string): Promise<number> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, appSecret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch (err) {
      log.warn({ err, url }, 'sandbox webhook delivery failed');
      return 0;
    }
  }

  return {
    /** Delivers one payload, retrying while the webhook fails; answers the last HTTP status (0: unreachable). */
    async post(payload: unknown): Promise<number> {
      const body = JSON.stringify(payload);
      let status = await postOnce(body);
      for (const delay of retryDelaysMs) {
        if (status === 200 || closed) break;
        await wait(delay);
        if (closed) break;
        status = await postOnce(body);
      }
      return status;
    },

    /** Runs `task` after `ms`, unless the sandbox has closed by then. */
    later(ms: number, task: () => Promise<unknown>): void {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!closed) task().catch((err) => log.warn({ err }, 'sandbox webhook task failed'));
      }, ms);
      timers.set(timer, () => {});
    },

    close(): void {
      closed = true;
      for (const [timer, cancel] of timers) {
        clearTimeout(timer);
        cancel();
      }
      timers.clear();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
