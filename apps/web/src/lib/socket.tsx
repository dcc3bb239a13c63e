import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
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

const SocketContext = createContext<Socket | null>(null);

export function SocketProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const toast = useToast();
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!token) return;
    let s: Socket | null = null;
    let cancelled = false;
    // Loaded only once signed in, so the sign-in screens do not download it.
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const created = io({ ...socketOptions, auth: { token } });
      created.on('disconnect', (reason) => {
        // A server-side disconnect is not retried by socket.io itself.
        if (reason === 'io server disconnect') created.connect();
      });
      created.io.on('reconnect_failed', () => {
        created.disconnect();
        toast.show({ type: 'error', title: RECONNECT_FAILED_MESSAGE });
      });
      s = created;
      setSocket(created);
    });
    return () => {
      cancelled = true;
      s?.removeAllListeners();
      s?.disconnect();
      setSocket(null);
    };
  }, [token, toast]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/** Subscribes to one server event for the life of the component; the latest handler is always called. */
export function useSocketEvent<T = unknown>(event: string, handler: (payload: T) => void): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: T) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
