import { humanizeActivityType } from '@wac/contract/activity-text';

const labels: Record<string, string> = {
  login: 'Sign-in',
  logout: 'Sign-out',
  login_failed: 'Failed sign-in',
  password_reset_requested: 'Password reset requested',
  email_verified: 'Email verified',
  agent_takeover: 'Conversation taken over',
  password_reset_on_server: 'Password reset on the server',
};

/** Labels for the type filter: 'login_failed' -> 'Failed sign-in', anything else humanized. */
export function humanizeType(type: string): string {
  return labels[type] ?? humanizeActivityType(type);
}
