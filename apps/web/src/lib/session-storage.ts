import type { User } from '@wac/contract/auth';

/** Spec 4: the four localStorage keys the console keeps for a session. */
export const sessionKeys = { token: 'token', role: 'role', username: 'username', email: 'email' } as const;
const SESSION_EXPIRED_KEY = 'sessionExpiredMessage';

export function storedToken(): string | null {
  return localStorage.getItem(sessionKeys.token);
}

export function storeSession(token: string, user: User): void {
  localStorage.setItem(sessionKeys.token, token);
  localStorage.setItem(sessionKeys.role, user.role);
  localStorage.setItem(sessionKeys.username, user.username);
  localStorage.setItem(sessionKeys.email, user.email ?? '');
}

export function clearSession(): void {
  for (const key of Object.values(sessionKeys)) localStorage.removeItem(key);
}

/** Kept across the reload that follows a 401 so the login screen can say why. */
export function rememberSessionExpired(message: string): void {
  sessionStorage.setItem(SESSION_EXPIRED_KEY, message);
}

export function takeSessionExpiredMessage(): string | null {
  const message = sessionStorage.getItem(SESSION_EXPIRED_KEY);
  sessionStorage.removeItem(SESSION_EXPIRED_KEY);
  return message;
}
