import type { SourceType } from '@wac/contract/activities';

export const sourceLabels: Record<SourceType, string> = {
  auth: 'Auth',
  system: 'System',
  whatsapp: 'WhatsApp',
  user: 'User action',
};

const tones: Record<SourceType, string> = {
  auth: 'badge',
  system: 'badge badge-muted',
  whatsapp: 'badge badge-success',
  user: 'badge badge-warning',
};

export function SourceBadge({ source }: { source: SourceType }) {
  return <span className={tones[source] ?? 'badge'}>{sourceLabels[source] ?? source}</span>;
}
