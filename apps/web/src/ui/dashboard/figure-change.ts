export interface FigureChange {
  direction: 'up' | 'down' | 'same' | 'new';
  /** Whole percent against the previous period; null when the previous period had none. */
  percent: number | null;
  /** Said in words, so the change never rests on colour alone. */
  text: string;
}

/** How a figure moved against the previous period of the same length; null when either is unknown. */
export function figureChange(current: number | null, previous: number | null | undefined): FigureChange | null {
  if (current === null || previous === null || previous === undefined) return null;
  if (current === previous) return { direction: 'same', percent: 0, text: 'Same as the previous period' };
  if (previous === 0) return { direction: 'new', percent: null, text: 'Up from none in the previous period' };
  const percent = Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100);
  const direction = current > previous ? 'up' : 'down';
  return { direction, percent, text: `${direction === 'up' ? 'Up' : 'Down'} ${percent}% on the previous period` };
}
