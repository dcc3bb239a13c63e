import { describe, expect, it } from 'vitest';
import { createKickableLoop } from './kickable-loop.ts';

/** A loop whose passes each wait for the test to let them finish. */
function gatedLoop(options: { runsBeforeStart?: boolean } = {}) {
  const passes: (() => void)[] = [];
  let stopping = () => false;
  const loop = createKickableLoop({
    run: (isStopping) => {
      stopping = isStopping;
      return new Promise<void>((resolve) => passes.push(resolve));
    },
    intervalMs: 60_000,
    onError: (err) => {
      throw err;
    },
    ...options,
  });
  const finishPass = async (n: number) => {
    passes[n]?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { loop, passes, finishPass, stopping: () => stopping() };
}

describe('kickable loop', () => {
  it('runs at start, and once more for any number of kicks during a pass', async () => {
    const { loop, passes, finishPass } = gatedLoop();
    loop.start();
    expect(passes).toHaveLength(1);
    loop.kick();
    loop.kick();
    expect(passes).toHaveLength(1);
    await finishPass(0);
    expect(passes).toHaveLength(2);
    await finishPass(1);
    expect(passes).toHaveLength(2);
    await loop.stop();
  });

  it('waits for the pass under way when stopped, and ignores kicks afterwards', async () => {
    const { loop, passes, finishPass, stopping: passSeesStop } = gatedLoop();
    loop.start();
    expect(passSeesStop()).toBe(false);
    let done = false;
    const stopping = loop.stop().then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    expect(passSeesStop()).toBe(true);
    await finishPass(0);
    await stopping;
    loop.kick();
    expect(passes).toHaveLength(1);
  });

  it('ignores kicks before start unless told to run before it', async () => {
    const idle = gatedLoop();
    idle.loop.kick();
    expect(idle.passes).toHaveLength(0);
    const eager = gatedLoop({ runsBeforeStart: true });
    eager.loop.kick();
    expect(eager.passes).toHaveLength(1);
    await eager.finishPass(0);
    await eager.loop.stop();
  });
});
