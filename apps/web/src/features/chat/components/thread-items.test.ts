import { describe, expect, it } from 'vitest';
import { message } from '../chat-test-fixtures';
import { dayKey } from './chat-dates';
import { withDaySeparators } from './thread-items';

const utc = { 'app.date_format': 'DD/MM/YYYY', 'app.time_format': '24h', 'app.timezone': 'UTC' } as const;
const saoPaulo = { ...utc, 'app.timezone': 'America/Sao_Paulo' } as const;

describe('withDaySeparators', () => {
  it('puts one separator before the first message of each day', () => {
    const messages = [
      message(1, { timestamp: '2025-06-01T09:00:00.000Z' }),
      message(2, { timestamp: '2025-06-01T23:59:00.000Z' }),
      message(3, { timestamp: '2025-06-02T00:01:00.000Z' }),
      message(4, { timestamp: '2025-06-05T12:00:00.000Z' }),
    ];
    const items = withDaySeparators(messages, (at) => dayKey(at, utc));
    expect(items.map((i) => (i.kind === 'message' ? i.message.id : `day ${i.key}`))).toEqual([
      'day day-2025-06-01',
      1,
      2,
      'day day-2025-06-02',
      3,
      'day day-2025-06-05',
      4,
    ]);
  });

  it("groups by the day in the app's time zone, not the browser's", () => {
    // 01:30 UTC on 2 June is still 1 June in São Paulo (UTC-3).
    const messages = [message(1, { timestamp: '2025-06-01T20:00:00.000Z' }), message(2, { timestamp: '2025-06-02T01:30:00.000Z' })];
    expect(withDaySeparators(messages, (at) => dayKey(at, saoPaulo)).filter((i) => i.kind === 'day')).toHaveLength(1);
    expect(withDaySeparators(messages, (at) => dayKey(at, utc)).filter((i) => i.kind === 'day')).toHaveLength(2);
  });

  it('has no rows for no messages and stable keys for the list', () => {
    expect(withDaySeparators([], (at) => dayKey(at, utc))).toEqual([]);
    const items = withDaySeparators([message(5)], (at) => dayKey(at, utc));
    expect(items.map((i) => i.key)).toEqual(['day-2025-06-01', 'message-5']);
  });

  it("starts with a 'start' row once the conversation's first message is loaded", () => {
    const items = withDaySeparators([message(1)], (at) => dayKey(at, utc), true);
    expect(items.map((i) => i.kind)).toEqual(['start', 'day', 'message']);
    expect(withDaySeparators([], (at) => dayKey(at, utc), true)).toEqual([]);
  });
});
