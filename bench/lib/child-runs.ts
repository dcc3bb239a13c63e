import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot, type Started, startProcess } from './processes.ts';

/** Waits until the process has printed `text` (polled every 10 ms); fails if it exits first or the time runs out. */
export async function waitForOutput(started: Started, text: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let exited = false;
  void started.exited.then(() => {
    exited = true;
  });
  while (!started.output().includes(text)) {
    if (exited) throw new Error(`${started.label} exited before printing "${text}". Last output:\n${started.output()}`);
    if (performance.now() > deadline) throw new Error(`${started.label}: no "${text}" within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
}

/** Starts a bench script (`tsx bench/...`) with one JSON argument; it writes its own result file. */
export function startScript(label: string, script: string, spec: unknown): Started {
  return startProcess({
    label,
    command: path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    args: [script, JSON.stringify(spec)],
  });
}

/** Waits for a script started with startScript to exit cleanly and reads the JSON it wrote. */
export async function scriptResult<T>(started: Started, resultFile: string): Promise<T> {
  const { code, signal } = await started.exited;
  if (code !== 0) throw new Error(`${started.label} failed (${signal ?? `code ${code}`}). Last output:\n${started.output()}`);
  return JSON.parse(await readFile(resultFile, 'utf8')) as T;
}
