import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';

export type Tone = 'success' | 'warning' | 'danger' | 'muted';

const qualities: Record<string, { text: string; tone: Tone }> = {
  GREEN: { text: 'High (GREEN)', tone: 'success' },
  YELLOW: { text: 'Medium (YELLOW)', tone: 'warning' },
  RED: { text: 'Low (RED)', tone: 'danger' },
  UNKNOWN: { text: 'Not rated yet', tone: 'muted' },
  NA: { text: 'Not rated yet', tone: 'muted' },
};

/** Meta's quality rating of the number, as WhatsApp Manager words it, with Meta's own value beside it. */
export function qualityOf(rating: string | null): { text: string; tone: Tone } {
  if (!rating) return { text: 'Not known yet', tone: 'muted' };
  return qualities[rating.toUpperCase()] ?? { text: rating, tone: 'muted' };
}

const throughputs: Record<string, string> = {
  STANDARD: 'Standard: up to 80 messages a second',
  HIGH: 'High: up to 1,000 messages a second',
  NOT_APPLICABLE: 'Not applicable',
};

/** How many messages a second Meta takes from the number. */
export function throughputText(level: string | null): string {
  if (!level) return 'Not known yet';
  return throughputs[level.toUpperCase()] ?? level;
}

/** The business portfolio's messaging limit, which every number of the business shares. */
export function messagingLimitText(number: Pick<BusinessNumber, 'messagingLimit' | 'uniqueCustomersPer24h'>): string {
  const { messagingLimit, uniqueCustomersPer24h } = number;
  if (!messagingLimit) return 'Not known yet';
  if (uniqueCustomersPer24h !== null) {
    return `${uniqueCustomersPer24h.toLocaleString('en')} unique customers per 24 hours (${messagingLimit}), shared by all numbers`;
  }
  if (messagingLimit === 'TIER_UNLIMITED') return 'Unlimited customers (TIER_UNLIMITED), shared by all numbers';
  return `${messagingLimit}, shared by all numbers`;
}
