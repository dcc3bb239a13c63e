import type { ApiKeyStatus } from '@wac/contract/api-keys';

const badges: Record<ApiKeyStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'badge-success' },
  expired: { label: 'Expired', className: 'badge-warning' },
  revoked: { label: 'Revoked', className: 'badge-danger' },
};

export function ApiKeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  const badge = badges[status];
  return <span className={`badge ${badge.className}`}>{badge.label}</span>;
}
