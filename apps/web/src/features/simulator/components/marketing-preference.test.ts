import { describe, expect, it } from 'vitest';
import { preferenceBody, preferenceOutcome } from './marketing-preference';

describe('marketing preference', () => {
  it('names the business number only when the customer writes to another than the first', () => {
    expect(preferenceBody('447700900891', '', 'stop')).toEqual({ from: '447700900891', value: 'stop' });
    expect(preferenceBody('447700900891', undefined, 'resume')).toEqual({ from: '447700900891', value: 'resume' });
    expect(preferenceBody('447700900891', '100000000000002', 'stop')).toEqual({
      from: '447700900891',
      to: '100000000000002',
      value: 'stop',
    });
  });

  it('confirms what the customer chose, or says the webhook refused it', () => {
    expect(preferenceOutcome('stop', 200)).toEqual({ ok: true, text: 'Marketing messages stopped: the business was told.' });
    expect(preferenceOutcome('resume', 200)).toEqual({ ok: true, text: 'Marketing messages resumed: the business was told.' });
    expect(preferenceOutcome('stop', 401)).toEqual({ ok: false, text: 'The console’s webhook answered 401: the business was not told.' });
  });
});
