const units: [name: string, seconds: number][] = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
];

/** "45 s", "3 min 5 s", "2 h 10 min", "3 d 4 h": the two largest units are plenty for an age or a period. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const i = units.findIndex(([, size]) => seconds >= size);
  const unit = units[i];
  if (!unit) return '0 s';
  const text = `${Math.floor(seconds / unit[1])} ${unit[0]}`;
  const next = units[i + 1];
  const rest = next ? Math.floor((seconds % unit[1]) / next[1]) : 0;
  return next && rest > 0 ? `${text} ${rest} ${next[0]}` : text;
}
