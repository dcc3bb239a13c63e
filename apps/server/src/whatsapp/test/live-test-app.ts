import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TestAppOptions } from '../../../test/test-app.ts';
import { createListeningTestApp, type EventLog, type ListeningTestApp, listenToEvents } from './listening-test-app.ts';

export interface LiveTestApp {
  t: ListeningTestApp;
  /** What the socket of the token `prepare` returned has received since the current test began. */
  log: EventLog;
}

/**
 * This file's app on a real port, with a signed-in socket recording live events. `prepare` creates
 * whoever the file needs and returns the token to listen with. Both objects are filled in before the
 * file's tests run, the log is emptied after each test, and both are closed after the file.
 */
export function liveTestApp(prepare: (t: ListeningTestApp) => Promise<string>, options: TestAppOptions = {}): LiveTestApp {
  const live: LiveTestApp = { t: {} as ListeningTestApp, log: {} as EventLog };
  beforeAll(async () => {
    Object.assign(live.t, await createListeningTestApp(options));
    Object.assign(live.log, await listenToEvents(live.t.baseUrl, await prepare(live.t)));
  });
  afterEach(() => {
    live.log.events.length = 0;
  });
  afterAll(async () => {
    live.log.close();
    await live.t.close();
  });
  return live;
}
