import { describe, expect, it } from 'vitest';
import { CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import type { RecipientRow } from './campaigns.repository.ts';
import { MAX_TRANSIENT_ATTEMPTS, outcomeOfError, settleDecision } from './send-outcome.ts';

const now = new Date('2026-11-25T10:00:00.000Z');
const row = (over: Partial<RecipientRow> = {}) => ({ id: 7, state: 'sending', attempts: 1, ...over }) as RecipientRow;
const refused = (httpStatus: number, code?: number) => ({
  kind: 'refused' as const,
  error: new CloudApiError(httpStatus, code, 'Meta says no'),
});
const later = (ms: number) => new Date(now.getTime() + ms);

describe('settling a campaign send', () => {
  it('records an accepted send, and never moves back a recipient a status already moved on', () => {
    expect(settleDecision(row(), { kind: 'sent', wamid: 'wamid.1' }, now).change).toEqual({
      id: 7,
      wamid: 'wamid.1',
      sentAt: now,
      state: 'sent',
    });
    expect(settleDecision(row({ state: 'read' }), { kind: 'sent', wamid: 'wamid.1' }, now).change).toMatchObject({ state: 'read' });
  });

  it('turns an outcome given up as unknown, or requeued meanwhile, into sent, its error cleared, once the answer comes', () => {
    expect(settleDecision(row({ state: 'pending' }), { kind: 'sent', wamid: 'wamid.3' }, now).change).toMatchObject({
      state: 'sent',
      notBefore: null,
    });
    expect(settleDecision(row({ state: 'unknown' }), { kind: 'sent', wamid: 'wamid.2' }, now).change).toMatchObject({
      state: 'sent',
      errorTitle: null,
      errorDetails: null,
    });
  });

  it('leaves a lost answer in doubt: it is never sent again on its own', () => {
    expect(settleDecision(row(), { kind: 'in-doubt', reason: 'socket hang up' }, now)).toEqual({ change: null, slowDown: false });
  });

  it('waits and slows the number down on 130429, waits longer on 131056', () => {
    expect(settleDecision(row(), refused(400, 130429), now)).toEqual({
      change: { id: 7, state: 'pending', notBefore: later(1_000) },
      slowDown: true,
    });
    expect(settleDecision(row(), refused(400, 131056), now).change).toEqual({ id: 7, state: 'pending', notBefore: later(10_000) });
  });

  it('tries transient failures again with backoff, then fails them', () => {
    expect(settleDecision(row({ attempts: 1 }), refused(500), now).change).toEqual({ id: 7, state: 'pending', notBefore: later(2_000) });
    expect(settleDecision(row({ attempts: MAX_TRANSIENT_ATTEMPTS }), refused(503), now).change).toMatchObject({ state: 'failed' });
    const refusedConnection = outcomeOfError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }));
    expect(refusedConnection.kind).toBe('not-sent');
    expect(settleDecision(row(), refusedConnection, now).change).toMatchObject({ state: 'pending' });
    expect(outcomeOfError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })).kind).toBe('in-doubt');
  });

  it('fails a permanent refusal with Meta’s code and the plain explanation', () => {
    expect(settleDecision(row(), refused(400, 131026), now).change).toMatchObject({
      state: 'failed',
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
      failedAt: now,
    });
  });
});
