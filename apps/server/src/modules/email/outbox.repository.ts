import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTBOX_ID_PATTERN, type OutboxMessage, outboxMessageSchema } from '@wac/contract/email';

/** Reads the JSON files the mailer writes when no SMTP is configured; the mailer is the only writer. */
export function createOutboxRepository(dir: string) {
  async function read(id: string): Promise<OutboxMessage | undefined> {
    if (!OUTBOX_ID_PATTERN.test(id)) return undefined;
    try {
      const parsed = outboxMessageSchema.safeParse(JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')));
      return parsed.success ? { ...parsed.data, id } : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    read,

    /** Newest first: ids start with the epoch milliseconds, so the file names sort by age. */
    async list(limit: number): Promise<{ messages: OutboxMessage[]; total: number }> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { messages: [], total: 0 };
        throw err;
      }
      const ids = names
        .filter((n) => n.endsWith('.json'))
        .map((n) => n.slice(0, -'.json'.length))
        .filter((id) => OUTBOX_ID_PATTERN.test(id))
        .sort(byAgeDescending);
      const messages = (await Promise.all(ids.slice(0, limit).map(read))).filter((m): m is OutboxMessage => m !== undefined);
      return { messages, total: ids.length };
    },
  };
}

function byAgeDescending(a: string, b: string): number {
  const [msA = '0', restA = ''] = a.split('-');
  const [msB = '0', restB = ''] = b.split('-');
  return Number(msB) - Number(msA) || restB.localeCompare(restA);
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
