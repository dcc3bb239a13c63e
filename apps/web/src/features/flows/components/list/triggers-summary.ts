import type { FlowTriggers } from '@wac/contract/flows';

/** `hi, hello · new conversations · default`, or null when nothing starts the flow. */
export function triggersSummary(triggers: FlowTriggers): string | null {
  const parts = [
    ...(triggers.keywords.length > 0 ? [triggers.keywords.join(', ')] : []),
    ...(triggers.onNewConversation ? ['new conversations'] : []),
    ...(triggers.isDefault ? ['default'] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}
