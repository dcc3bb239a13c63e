import { ADMIN_PASSWORD, ADMIN_USERNAME } from './processes.ts';

/** Signs in to the real server as the bench's admin (POST /api/login); the bearer token. */
export async function signInAsAdmin(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`login: HTTP ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { token: string }).token;
}

export interface GetRun {
  warmup: number;
  count: number;
  timeoutMs: number;
  /** Why the first answer is not a real one (a fast error is not a fast answer), or null when it is. */
  check: (body: string) => string | null;
  /** Called once the warm-up requests are done. */
  onWarmedUp?: () => void;
}

/**
 * GETs one path as the admin, one request at a time on a keep-alive connection: `warmup` requests discarded, then
 * `count` timed from sending to the last byte of the body. Any answer but 200, or a first answer that fails the
 * check, stops the run. Returns the times in ms and the size of the first answer.
 */
export async function timeGets(name: string, url: string, token: string, run: GetRun): Promise<{ times: number[]; size: string }> {
  const times: number[] = [];
  let size = '';
  for (let i = 0; i < run.warmup + run.count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(run.timeoutMs) });
    const text = await res.text();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${text.slice(0, 300)}`);
    if (i === 0) {
      const problem = run.check(text);
      if (problem) throw new Error(`${name}: ${problem}`);
      size = `${(text.length / 1024).toFixed(1)} KiB`;
    }
    if (i === run.warmup - 1) run.onWarmedUp?.();
    if (i >= run.warmup) times.push(elapsed);
  }
  return { times, size };
}
