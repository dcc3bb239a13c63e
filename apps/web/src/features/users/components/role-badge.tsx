import type { Role } from '@wac/contract/auth';

const labels: Record<Role, string> = { admin: 'Admin', agent: 'Agent' };

export function RoleBadge({ role }: { role: Role }) {
  return <span className={`badge ${role === 'admin' ? 'badge-warning' : 'badge-muted'}`}>{labels[role] ?? role}</span>;
}

export function roleLabel(role: Role): string {
  return labels[role] ?? role;
}
