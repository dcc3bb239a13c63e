import { expect, it } from 'vitest';
import { createSendCounter, maxInAnySecond, maxInCalendarSecond } from './send-counter.ts';

it('finds the most sends in any sliding second, which calendar seconds can hide', () => {
  // 60 at the end of one calendar second and 60 at the start of the next: 120 within 200 ms, 60 per calendar second.
  const times = [...Array.from({ length: 60 }, (_, k) => 900 + k), ...Array.from({ length: 60 }, (_, k) => 1000 + k)];
  expect(maxInAnySecond(times)).toBe(120);
  expect(maxInCalendarSecond(times)).toBe(60);
  expect(maxInAnySecond([0, 999, 1000, 1999])).toBe(2);
  expect(maxInAnySecond([])).toBe(0);
});

it('counts sends per business number', () => {
  let at = 0;
  const counter = createSendCounter(() => at);
  counter.record('447700900001', 'pn-1');
  at = 500;
  counter.record('447700900002', 'pn-2');
  at = 1200;
  counter.record('447700900001', 'pn-1');
  expect(counter.counts().byNumber).toEqual({
    'pn-1': { total: 2, maxInCalendarSecond: 1, maxInAnySecond: 1 },
    'pn-2': { total: 1, maxInCalendarSecond: 1, maxInAnySecond: 1 },
  });
});
