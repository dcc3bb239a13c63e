import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@wac/contract/auth';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiRequest } from './api-client';
import { clearSession, storedToken, storeSession } from './session-storage';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  login: (username: string, password: string, remember: boolean) => Promise<User>;
  logout: () => Promise<void>;
  /** The signed-in user as the server answered it after a change to their own account (Profile). */
  updateUser: (user: User) => void;
}

/** Exported so tests can render a component as a given user without a server; the app uses AuthProvider. */
export const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ status: AuthStatus; user: User | null; token: string | null }>({
    status: 'loading',
    user: null,
    token: null,
  });

  // Spec 4: a stored token is validated at start and removed if invalid.
  useEffect(() => {
    const token = storedToken();
    if (!token) {
      setState({ status: 'signed-out', user: null, token: null });
      return;
    }
    apiRequest<{ user: User }>('/api/validate-token', { method: 'POST', body: { token }, skipSessionExpiry: true })
      .then(({ user }) => {
        storeSession(token, user);
        setState({ status: 'signed-in', user, token });
      })
      .catch(() => {
        clearSession();
        setState({ status: 'signed-out', user: null, token: null });
      });
  }, []);

  const login = useCallback(async (username: string, password: string, remember: boolean) => {
    const { token, user } = await apiRequest<{ token: string; user: User }>('/api/login', {
      method: 'POST',
      body: { username, password, remember },
      skipSessionExpiry: true,
    });
    storeSession(token, user);
    setState({ status: 'signed-in', user, token });
    return user;
  }, []);

  const logout = useCallback(async () => {
    await apiRequest('/api/logout', { method: 'POST', skipSessionExpiry: true }).catch(() => {});
    clearSession();
    queryClient.clear();
    setState({ status: 'signed-out', user: null, token: null });
  }, [queryClient]);

  const updateUser = useCallback((user: User) => {
    setState((current) => {
      if (!current.token) return current;
      storeSession(current.token, user);
      return { ...current, user };
    });
  }, []);

  const value = useMemo(() => ({ ...state, login, logout, updateUser }), [state, login, logout, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth needs an AuthProvider');
  return context;
}
