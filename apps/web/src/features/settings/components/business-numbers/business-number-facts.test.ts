import { describe, expect, it } from 'vitest';
import { messagingLimitText, qualityOf, throughputText } from './business-number-facts';

describe('business number facts', () => {
  it('words the quality rating as WhatsApp Manager does, with Meta’s value and a tone', () => {
    expect(qualityOf('GREEN')).toEqual({ text: 'High (GREEN)', tone: 'success' });
    expect(qualityOf('yellow')).toEqual({ text: 'Medium (YELLOW)', tone: 'warning' });
    expect(qualityOf('RED').tone).toBe('danger');
    expect(qualityOf('UNKNOWN').text).toBe('Not rated yet');
    expect(qualityOf(null)).toEqual({ text: 'Not known yet', tone: 'muted' });
    expect(qualityOf('PURPLE')).toEqual({ text: 'PURPLE', tone: 'muted' });
  });

  it('says how many messages a second the throughput level allows', () => {
    expect(throughputText('STANDARD')).toBe('Standard: up to 80 messages a second');
    expect(throughputText('HIGH')).toBe('High: up to 1,000 messages a second');
    expect(throughputText('NOT_APPLICABLE')).toBe('Not applicable');
    expect(throughputText(null)).toBe('Not known yet');
  });

  it('says the messaging limit is the portfolio’s, shared by all numbers', () => {
    expect(messagingLimitText({ messagingLimit: 'TIER_1K', uniqueCustomersPer24h: 1000 })).toBe(
      '1,000 unique customers per 24 hours (TIER_1K), shared by all numbers',
    );
    expect(messagingLimitText({ messagingLimit: 'TIER_UNLIMITED', uniqueCustomersPer24h: null })).toBe(
      'Unlimited customers (TIER_UNLIMITED), shared by all numbers',
    );
    expect(messagingLimitText({ messagingLimit: 'TIER_NEW', uniqueCustomersPer24h: null })).toBe('TIER_NEW, shared by all numbers');
    expect(messagingLimitText({ messagingLimit: null, uniqueCustomersPer24h: null })).toBe('Not known yet');
  });
});
