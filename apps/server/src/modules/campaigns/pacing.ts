/**
 * Pacing rules of campaign sends. Time is cut into 50 ms slots aligned to the calendar second. A second's messages
 * are spread over its 18 middle slots; its first and last slots stay empty, so a send that reaches Meta up to 50 ms
 * early or late still counts in its own second: no calendar second carries more than the rate, and every busy second
 * carries it all.
 */
export const SLOT_MS = 50;
const SLOTS_PER_SECOND = 1000 / SLOT_MS;
const BUSY_SLOTS = SLOTS_PER_SECOND - 2;

/** How many messages the slot starting at `slotStartMs` (a multiple of SLOT_MS) carries at `rate` per second. */
export function slotSize(slotStartMs: number, rate: number): number {
  const busy = Math.floor((slotStartMs % 1000) / SLOT_MS) - 1;
  if (busy < 0 || busy >= BUSY_SLOTS) return 0;
  return Math.floor(((busy + 1) * rate) / BUSY_SLOTS) - Math.floor((busy * rate) / BUSY_SLOTS);
}

/** The first slot at or after `fromMs` that carries messages at `rate`, and its size. */
export function nextSlot(fromMs: number, rate: number): { startMs: number; size: number } {
  let startMs = Math.ceil(fromMs / SLOT_MS) * SLOT_MS;
  // At most one second of empty slots (a rate of 1 sends once a second).
  for (let k = 0; k < SLOTS_PER_SECOND; k++, startMs += SLOT_MS) {
    const size = slotSize(startMs, rate);
    if (size > 0) return { startMs, size };
  }
  throw new Error(`no slot carries messages at ${rate}/s`);
}

/** Each 130429 (Meta's throughput limit) halves the pace, down to a tenth. */
export const slowedDown = (slowdown: number) => Math.max(0.1, slowdown / 2);

/** After RECOVERY_STEP_MS without a throughput error, the pace grows back a quarter, up to the campaign's rate. */
export const RECOVERY_STEP_MS = 5_000;
export const recovered = (slowdown: number) => Math.min(1, slowdown * 1.25);

/** The rate sends go at: the campaign's, times the number's slowdown, never under one a second. */
export const effectiveRate = (rate: number, slowdown: number) => Math.max(1, Math.floor(rate * slowdown));
