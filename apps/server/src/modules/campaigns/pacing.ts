/**
 * Pacing rules of campaign sends. Time is cut into 50 ms slots aligned to the calendar second. A second's messages
 * are spread over its 17 busy slots: the first slot stays empty, so a send that reaches Meta a little early (another
 * clock) still counts in its own second, and the last two stay empty, so sends that leave by the end of the busy
 * slots (a claim that ends later is rolled back) and take up to 100 ms to reach Meta still count in their second. No calendar second carries more than the rate, and every busy second carries it all.
 */
export const SLOT_MS = 50;
const SLOTS_PER_SECOND = 1000 / SLOT_MS;
const LEADING_EMPTY = 1;
const TRAILING_EMPTY = 2;
const BUSY_SLOTS = SLOTS_PER_SECOND - LEADING_EMPTY - TRAILING_EMPTY;

/**
 * How long after its start a slot's sends may still leave: until the second's empty tail begins. A claim that ends
 * later is rolled back, so its sends never reach Meta in the next second.
 */
export function sendLeewayMs(slotStartMs: number): number {
  return 1000 - TRAILING_EMPTY * SLOT_MS - (slotStartMs % 1000);
}

/** How many messages the slot starting at `slotStartMs` (a multiple of SLOT_MS) carries at `rate` per second. */
export function slotSize(slotStartMs: number, rate: number): number {
  const busy = Math.floor((slotStartMs % 1000) / SLOT_MS) - LEADING_EMPTY;
  if (busy < 0 || busy >= BUSY_SLOTS) return 0;
  return Math.floor(((busy + 1) * rate) / BUSY_SLOTS) - Math.floor((busy * rate) / BUSY_SLOTS);
}

/** What the slots of one second have given out so far. */
export interface SecondTaken {
  secondStartMs: number;
  taken: number;
}

export interface TakenSlot {
  startMs: number;
  size: number;
  /** The second's account once this slot is taken. */
  second: SecondTaken;
}

/** The messages a second owes by the end of the slot starting at `slotStartMs`: its busy slots so far. */
function dueThrough(slotStartMs: number, rate: number): number {
  const busy = Math.floor((slotStartMs % 1000) / SLOT_MS) - LEADING_EMPTY + 1;
  return Math.floor((Math.min(Math.max(busy, 0), BUSY_SLOTS) * rate) / BUSY_SLOTS);
}

/**
 * The slot to take next: the first with room at or after `fromMs`. It carries its own share plus what earlier slots
 * of the same second left unused (a slow claim, a busy machine), at most twice its own share, so a second still
 * carries its whole rate, and never more (`before` is the second's account so far).
 */
export function takeSlot(fromMs: number, rate: number, before: SecondTaken): TakenSlot {
  let startMs = Math.ceil(fromMs / SLOT_MS) * SLOT_MS;
  // Within two seconds: a second whose account is full (the rate just slowed down) gives nothing more.
  for (let k = 0; k < 2 * SLOTS_PER_SECOND; k++, startMs += SLOT_MS) {
    const own = slotSize(startMs, rate);
    if (own === 0) continue;
    const secondStartMs = startMs - (startMs % 1000);
    const taken = before.secondStartMs === secondStartMs ? before.taken : 0;
    const size = Math.min(dueThrough(startMs, rate) - taken, 2 * own);
    if (size > 0) return { startMs, size, second: { secondStartMs, taken: taken + size } };
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
