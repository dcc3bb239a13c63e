export interface KickableLoopOptions {
  /** One pass over the waiting work; a long pass should end early once `stopping()` is true. */
  run: (stopping: () => boolean) => Promise<void>;
  /** Safety-net pass for work queued by other servers or left by a crash. */
  intervalMs: number;
  /** Work of its own for every interval tick, beside the pass. */
  onTick?: () => void;
  /** Whether kick() before start() already runs a pass; otherwise nothing runs until start(). */
  runsBeforeStart?: boolean;
  onError: (err: unknown) => void;
}

export interface KickableLoop {
  /** Runs a pass now; a kick during a pass makes it go round once more when done. */
  kick: () => void;
  start: () => void;
  /** Stops the ticks and further passes, and waits for the pass under way. */
  stop: () => Promise<void>;
}

/** Background work that runs at once when kicked, and on an interval for whatever a kick missed. */
export function createKickableLoop({ run, intervalMs, onTick, runsBeforeStart = false, onError }: KickableLoopOptions): KickableLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = !runsBeforeStart;
  let interval: NodeJS.Timeout | undefined;
  const stopping = () => stopped;

  async function drain(): Promise<void> {
    do {
      again = false;
      await run(stopping);
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }

  return {
    kick,
    start() {
      stopped = false;
      interval = setInterval(() => {
        kick();
        onTick?.();
      }, intervalMs);
      interval.unref();
      kick();
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      while (running) await running;
    },
  };
}
