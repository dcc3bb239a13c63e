import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '@wac/contract/realtime-events';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
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
 * Spec 4: reconnect even when the server closed the socket, and stop for good after the last
 * attempt. Returns what removes these rules again (the manager outlives the socket).
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

export function SocketProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!token) return;
    let s: Socket | null = null;
    let removeRules = () => {};
    let cancelled = false;
    // Loaded only once signed in, so the sign-in screens do not download it.
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const created = io({ ...socketOptions, auth: { token } });
      removeRules = applyReconnectRules(created, {
        // Messages, statuses and notifications sent while the socket was away are fetched again.
        onReconnected: () => void queryClient.invalidateQueries(),
        onGaveUp: () => toast.show({ type: 'error', title: RECONNECT_FAILED_MESSAGE }),
      });
      s = created;
      setSocket(created);
    });
    return () => {
      cancelled = true;
      removeRules();
      s?.removeAllListeners();
      s?.disconnect();
      setSocket(null);
    };
  }, [token, toast, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
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
