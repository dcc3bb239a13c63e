import { describe, expect, it } from 'vitest';
import { transportSentence } from './email-status-banner';

describe('transportSentence', () => {
  it('says where mail goes in plain words', () => {
    expect(transportSentence({ transport: 'settings' })).toBe('Sending through the SMTP server saved here');
    expect(transportSentence({ transport: 'environment' })).toBe('Sending through SMTP_URL');
    expect(transportSentence({ transport: 'outbox' })).toBe('No SMTP configured: mail is kept in the outbox below');
  });
});
