import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiCallLog } from './api-call-log.ts';
import type { ApiCallRow } from './api-keys.repository.ts';

const row = (n: number): ApiCallRow => ({
  keyId: 1,
  at: new Date(),
  method: 'POST',
  path: '/api/send-text',
  status: 201,
  latencyMs: n,
  ip: '127.0.0.1',
  errorCode: null,
  messageId: n,
  calls: 1,
  replayed: false,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The writer's batching, with the batches it hands over kept in memory (the repository's insert is tested with the routes). */
function logWith(write: (rows: readonly ApiCallRow[]) => Promise<void> = async () => {}) {
  const batches: number[][] = [];
  const log = createApiCallLog({
    write: async (rows) => {
      await write(rows);
      batches.push(rows.map((r) => r.latencyMs));
    },
    log: pino({ level: 'silent' }),
  });
  return { log, batches };
}

describe('the API call log writer', () => {
  it('writes nothing on the request path and the gathered calls in one batch a quarter of a second later', async () => {
    const { log, batches } = logWith();
    for (let n = 0; n < 3; n++) log.record(row(n));
    expect(batches).toEqual([]);
    await sleep(350);
    expect(batches).toEqual([[0, 1, 2]]);
  });

  it('writes at once when 500 calls are waiting, and the calls that came meanwhile after', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { log, batches } = logWith(() => gate);
    for (let n = 0; n < 500; n++) log.record(row(n));
    log.record(row(500));
    release();
    await log.flush();
    expect(batches.map((b) => b.length)).toEqual([500, 1]);
  });

  it('keeps a batch the database refused and writes it on the next try', async () => {
    let fail = true;
    const { log, batches } = logWith(async () => {
      if (fail) throw new Error('database away');
    });
    log.record(row(1));
    await log.flush();
    expect(batches).toEqual([]);
    fail = false;
    log.record(row(2));
    await sleep(350);
    expect(batches).toEqual([[1, 2]]);
  });

  it('writes what is waiting when closed', async () => {
    const { log, batches } = logWith();
    log.record(row(7));
    await log.close();
    expect(batches).toEqual([[7]]);
  });
});
