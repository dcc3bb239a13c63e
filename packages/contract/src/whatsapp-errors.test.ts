import { describe, expect, it } from 'vitest';
import { classifyGraphError, describeWhatsAppError, whatsappErrors } from './whatsapp-errors.ts';

describe('classifyGraphError', () => {
  it.each([
    [429, 4, 'rate_limit'],
    [400, 130429, 'rate_limit'],
    [400, 131056, 'rate_limit'],
    [500, undefined, 'transient'],
    [503, 1, 'transient'],
    [400, 131000, 'transient'],
    [400, 131047, 'permanent'],
    [400, 100, 'permanent'],
    [401, 190, 'permanent'],
    [404, undefined, 'permanent'],
  ] as const)('status %i code %s is %s', (status, code, expected) => {
    expect(classifyGraphError(status, code)).toBe(expected);
  });
});

describe('whatsappErrors', () => {
  it('covers the common codes and marks only retried ones retryable', () => {
    const codes = [
      130429, 131056, 131026, 131047, 131051, 131052, 131053, 100, 190, 131000, 131005, 131008, 131009, 132000, 132001, 133010, 368,
    ];
    for (const code of codes) {
      expect(whatsappErrors[code]?.explanation.length).toBeGreaterThan(20);
      expect(whatsappErrors[code]?.retryable).toBe(classifyGraphError(400, code) !== 'permanent');
    }
  });

  it('falls back to Meta message for unknown codes', () => {
    expect(describeWhatsAppError(999999, 'Odd failure').title).toBe('Odd failure');
    expect(describeWhatsAppError(131047).title).toBe('Re-engagement message');
  });
});
