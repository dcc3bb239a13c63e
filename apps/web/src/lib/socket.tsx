import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '@wac/contract/realtime-events';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Socket as SocketOf } from 'socket.io-client';
import { useToast } from '../ui/toasts';
import { useAuth } from './auth-context';

/** Spec 4 and 9: websocket only, token auth, reconnect 1 s up to 5 s, 5 attempts, 20 s connection timeout. */
export const socketOptions = {
  path: '/socket.io',
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  reconnectionAttempts: 5,
  timeout: 20_000,
};
export const RECONNECT_FAILED_MESSAGE = 'Failed to reconnect to the server. Please refresh the page.';
/** Past the spec's attempts, the console tries again this often (and at once when woken) until it is back. */
export const KEEP_TRYING_EVERY_MS = 30_000;

/** The console's socket: every event it can receive is typed by the contract's map. */
export type Socket = SocketOf<ServerToClientEvents>;

const SocketContext = createContext<Socket | null>(null);

interface ReconnectHandlers {
  /** The socket is back after a drop: whatever happened meanwhile was not pushed to us. */
  onReconnected: () => void;
  /** Every reconnect attempt failed; the socket has been closed. */
  onGaveUp: () => void;
}

/**
 * Spec 4: reconnect even when the server closed the socket, and stop after the last attempt (keepTrying then takes
 * over). Returns what removes these rules again (the manager outlives the socket).
 */
export function applyReconnectRules(socket: Socket, handlers: ReconnectHandlers): () => void {
  let connectedBefore = false;
  const onConnect = () => {
    if (connectedBefore) handlers.onReconnected();
    connectedBefore = true;
  };
  const onDisconnect = (reason: SocketOf.DisconnectReason) => {
    // socket.io does not retry a disconnect the server asked for.
    if (reason === 'io server disconnect') socket.connect();
  };
  const onReconnectFailed = () => {
    socket.disconnect();
    handlers.onGaveUp();
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.io.on('reconnect_failed', onReconnectFailed);
  return () => {
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.io.off('reconnect_failed', onReconnectFailed);
  };
}

/** Calls `wake` when trying again at once is worth it: the tab is shown or focused again, the network is back. */
export function browserWakeups(wake: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') wake();
  };
  window.addEventListener('focus', wake);
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('focus', wake);
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export interface KeepTrying {
  /** The spec's attempts are spent: from now on one attempt every `everyMs`, and one at once when woken. */
  start: () => void;
  /** One attempt now, while waiting (the Retry button); nothing when connected or already trying. */
  retryNow: () => void;
  remove: () => void;
}

/**
 * The console never goes deaf: after the spec's rules gave up, it keeps trying one attempt at a time until the server
 * answers, and then the spec's rules apply again to the next drop. `onWaiting` follows whether it is waiting so.
 */
export function keepTrying(
  socket: Socket,
  options: { everyMs: number; onWaiting: (waiting: boolean) => void; wakeups?: (wake: () => void) => () => void },
): KeepTrying {
  let waiting = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (!waiting || socket.connected) return;
    clearTimeout(timer);
    timer = setTimeout(attempt, options.everyMs);
    // One open at a time: the manager ignores this while an attempt is under way.
    socket.connect();
  };
  const onConnect = () => {
    if (!waiting) return;
    waiting = false;
    clearTimeout(timer);
    socket.io.reconnection(true);
    options.onWaiting(false);
  };
  socket.on('connect', onConnect);
  const removeWakeups = (options.wakeups ?? browserWakeups)(attempt);
  return {
    start: () => {
      if (waiting) return;
      waiting = true;
      // Each attempt is a single one: the manager's own retries would start the spec's five over again.
      socket.io.reconnection(false);
      options.onWaiting(true);
      clearTimeout(timer);
      timer = setTimeout(attempt, options.everyMs);
    },
    retryNow: attempt,
    remove: () => {
      clearTimeout(timer);
      removeWakeups();
      socket.off('connect', onConnect);
    },
  };
}

/** Whether the console is waiting for the server past the spec's attempts, and how to try again at once. */
export interface SocketStatus {
  waiting: boolean;
  retryNow: () => void;
}

const SocketStatusContext = createContext<SocketStatus>({ waiting: false, retryNow: () => {} });

export function SocketProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const [waiting, setWaiting] = useState(false);
  const retry = useRef<() => void>(() => {});

  useEffect(() => {
    if (!token) return;
    let s: Socket | null = null;
    let removeRules = () => {};
    let keeper: KeepTrying | null = null;
    let withdrawFailure = () => {};
    let cancelled = false;
    // Loaded only once signed in, so the sign-in screens do not download it.
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const created = io({ ...socketOptions, auth: { token } });
      const keep = keepTrying(created, { everyMs: KEEP_TRYING_EVERY_MS, onWaiting: setWaiting });
      removeRules = applyReconnectRules(created, {
        // Everything a screen shows (conversations, threads, notifications, campaign progress) is fetched again:
        // what happened while the socket was away was never pushed to it.
        // The spec's failure message goes once the console is back, as the banner does.
        onReconnected: () => {
          withdrawFailure();
          void queryClient.invalidateQueries();
        },
        onGaveUp: () => {
          withdrawFailure = toast.show({ type: 'error', title: RECONNECT_FAILED_MESSAGE });
          keep.start();
        },
      });
      keeper = keep;
      retry.current = keep.retryNow;
      s = created;
      setSocket(created);
    });
    return () => {
      cancelled = true;
      removeRules();
      keeper?.remove();
      retry.current = () => {};
      s?.removeAllListeners();
      s?.disconnect();
      setSocket(null);
      setWaiting(false);
    };
  }, [token, toast, queryClient]);

  const status = useMemo(() => ({ waiting, retryNow: () => retry.current() }), [waiting]);
  return (
    <SocketContext.Provider value={socket}>
      <SocketStatusContext.Provider value={status}>{children}</SocketStatusContext.Provider>
    </SocketContext.Provider>
  );
}

export function useSocketStatus(): SocketStatus {
  return useContext(SocketStatusContext);
}

export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/** Subscribes to one server event for the life of the component; the latest handler is always called. */
export function useSocketEvent<E extends ServerEventName>(event: E, handler: (payload: ServerEventPayload<E>) => void): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    // socket.io's typed on() cannot follow one generic event to its listener; the signature above is the check.
    const untyped = socket as unknown as SocketOf;
    const name: string = event;
    const listener = (payload: ServerEventPayload<E>) => latest.current(payload);
    untyped.on(name, listener);
    return () => {
      untyped.off(name, listener);
    };
  }, [socket, event]);
}
