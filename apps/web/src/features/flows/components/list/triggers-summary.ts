import type { FlowTriggers } from '@wac/contract/flows';

/**
 * `hi, hello · new conversations · default`, or null when nothing starts the flow. With `numberLabel` (several business
 * numbers), a flow that answers on some numbers only says which: `hi · on Sales (+15550100002)`.
 */
export function triggersSummary(triggers: FlowTriggers, numberLabel?: (phoneNumberId: string) => string): string | null {
  const parts = [
    ...(triggers.keywords.length > 0 ? [triggers.keywords.join(', ')] : []),
    ...(triggers.onNewConversation ? ['new conversations'] : []),
    ...(triggers.isDefault ? ['default'] : []),
  ];
  if (parts.length === 0) return null;
  if (numberLabel && triggers.phoneNumberIds.length > 0) parts.push(`on ${triggers.phoneNumberIds.map(numberLabel).join(', ')}`);
  return parts.join(' · ');
}
