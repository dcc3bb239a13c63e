import { postgresProcessesFor, removeDir, type Started, stopProcess, waitForQuietMachine } from './processes.ts';

/** Waits (bounded) for the machine to be nearly idle, and prints how busy it still was. */
export async function waitForQuietMachineAndSay(): Promise<void> {
  const quiet = await waitForQuietMachine();
  console.log(`machine before measuring: ${quiet.busyCores.toFixed(2)} busy cores (waited ${quiet.waitedSeconds.toFixed(0)} s)`);
}

/**
 * Stops what the run started, the helpers first and the real server (with its postgres) last, prints how they
 * stopped and anything left over, and removes the run's data directory (unless `keepDataDir`: a data set to measure again).
 */
export async function stopAndReport(
  server: Started,
  dataDir: string,
  helpers: Record<string, Started> = {},
  { keepDataDir = false } = {},
): Promise<void> {
  const stopped: string[] = [];
  const leftovers: string[] = [];
  for (const [label, started] of Object.entries(helpers)) {
    const stop = await stopProcess(started);
    stopped.push(`${label} ${stop.exit}`);
    leftovers.push(...stop.leftovers);
  }
  const stop = await stopProcess(server, dataDir);
  stopped.push(`server ${stop.exit} in ${stop.topExitSeconds.toFixed(2)} s`);
  leftovers.push(...stop.leftovers);
  const strays = postgresProcessesFor(dataDir).length;
  console.log(
    `Stopped: ${stopped.join(', ')}; ` +
      (leftovers.length || strays ? `LEFT OVER: ${leftovers.join('; ')} (${strays} postgres)` : 'no process or postgres left over.'),
  );
  if (!keepDataDir) await removeDir(dataDir);
}
