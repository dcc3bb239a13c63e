// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { applyReconnectRules, keepTrying, socketOptions, useSocketEvent } from './socket';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function startServer(port = 0) {
  const http = createServer();
  const server = new Server(http);
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const stop = () => {
    server.close();
    http.close();
  };
  cleanups.push(stop);
  return { server, url, port: (http.address() as AddressInfo).port, stop };
}

function connect(url: string, attempts = 5): Socket {
  // The spec's options, with quick retries so the test does not wait 15 seconds.
  const socket = io(url, {
    ...socketOptions,
    reconnectionDelay: 20,
    reconnectionDelayMax: 50,
    reconnectionAttempts: attempts,
    forceNew: true,
  });
  cleanups.push(() => socket.disconnect());
  return socket;
}

const until = (check: () => boolean, timeoutMs = 5000) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 10);
    };
    tick();
  });

describe('socket reconnect rules', () => {
  it('uses the spec’s settings: websocket only, 1 s to 5 s between 5 attempts, 20 s to connect', () => {
    expect(socketOptions).toMatchObject({
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      reconnectionAttempts: 5,
      timeout: 20_000,
    });
  });

  it('reconnects when the server closes the socket, and says so once it is back', async () => {
    const { server, url } = await startServer();
    const socket = connect(url);
    let reconnected = 0;
    applyReconnectRules(socket, { onReconnected: () => reconnected++, onGaveUp: () => {} });
    await until(() => socket.connected);
    expect(reconnected).toBe(0);

    for (const s of await server.fetchSockets()) s.disconnect(true);
    await until(() => reconnected === 1);
    expect(socket.connected).toBe(true);
  });

  it('gives up after the last attempt, closes the socket and reports it', async () => {
    const { url } = await startServer();
    const socket = connect(url, 2);
    let gaveUp = 0;
    applyReconnectRules(socket, { onReconnected: () => {}, onGaveUp: () => gaveUp++ });
    await until(() => socket.connected);

    // The whole server goes away: every attempt fails.
    for (const cleanup of cleanups.splice(0, 1)) cleanup();
    socket.io.engine.close();
    await until(() => gaveUp === 1);
    expect(socket.connected).toBe(false);
    expect(socket.active).toBe(false);
  });

  it('removes its rules again', async () => {
    const { server, url } = await startServer();
    const socket = connect(url);
    let reconnected = 0;
    const remove = applyReconnectRules(socket, { onReconnected: () => reconnected++, onGaveUp: () => {} });
    await until(() => socket.connected);
    remove();
    for (const s of await server.fetchSockets()) s.disconnect(true);
    await until(() => !socket.connected);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.connected).toBe(false);
    expect(reconnected).toBe(0);
  });
});

describe('keeping on trying past the spec’s attempts', () => {
  /** A socket whose spec rules have given up on a server that went away, handed to keepTrying. */
  async function deafSocket(everyMs: number) {
    const first = await startServer();
    const socket = connect(first.url, 1);
    const waiting: boolean[] = [];
    const wake = { now: () => {} };
    let reconnected = 0;
    const keeper = keepTrying(socket, {
      everyMs,
      onWaiting: (w) => waiting.push(w),
      wakeups: (fn) => {
        wake.now = fn;
        return () => {};
      },
    });
    applyReconnectRules(socket, { onReconnected: () => reconnected++, onGaveUp: keeper.start });
    cleanups.push(keeper.remove);
    await until(() => socket.connected);
    first.stop();
    socket.io.engine.close();
    await until(() => waiting.length === 1);
    let failures = 0;
    socket.io.on('error', () => failures++);
    return { socket, port: first.port, waiting, wake, keeper, failures: () => failures, reconnected: () => reconnected };
  }

  it('tries once every interval while the server is away, and is back with the spec’s rules once it answers', async () => {
    const deaf = await deafSocket(100);
    expect(deaf.waiting).toEqual([true]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    // One attempt per interval, never the spec's burst of five again.
    expect(deaf.failures()).toBeGreaterThanOrEqual(2);
    expect(deaf.failures()).toBeLessThanOrEqual(5);
    await startServer(deaf.port);
    await until(() => deaf.socket.connected);
    expect(deaf.waiting).toEqual([true, false]);
    expect(deaf.reconnected()).toBe(1);
    expect(deaf.socket.io.reconnection()).toBe(true);
  });

  it('tries at once when woken or asked to, rather than waiting for the interval', async () => {
    const deaf = await deafSocket(60_000);
    await startServer(deaf.port);
    deaf.wake.now();
    await until(() => deaf.socket.connected, 2000);
    expect(deaf.waiting).toEqual([true, false]);

    // The Retry button does the same.
    const again = await deafSocket(60_000);
    await startServer(again.port);
    again.keeper.retryNow();
    await until(() => again.socket.connected, 2000);
    expect(again.reconnected()).toBe(1);
  });
});

describe('useSocketEvent', () => {
  it('types the handler by the event, so a wrong payload does not compile', () => {
    // Compiled, never called: the check is `npm run typecheck`.
    const subscribe = () => {
      useSocketEvent('conversation_read', (event) => event.unreadCount);
      // @ts-expect-error conversation_read carries counts, not a message
      useSocketEvent('conversation_read', (event) => event.message);
      // @ts-expect-error not an event the server sends
      useSocketEvent('no_such_event', () => {});
    };
    expect(subscribe).toBeTypeOf('function');
  });
});
